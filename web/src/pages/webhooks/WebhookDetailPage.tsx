import { useCallback, useEffect, useRef, useState } from 'react';
import { api, ApiError, type Catalog, type Delivery } from '../../api';
import { Link } from '../../components/Link';
import { EmptyState, ErrorNotice, PageHeader, Select, Spinner, useLoad, useToast } from '../../components/ui';
import { formatDateTime, formatNumber, formatPreciseTime } from '../../format';
import { useQueryParam } from '../../router';
import { useWebhooks, ReEnableButton } from './state';
import { StatusBadge, DeliveryBadge, KindBadge } from './badges';
import { DeliveryDialog } from './DeliveryDialog';

// One subscription: its settings and its delivery log, filtered and paged. The filters live in
// the address (`?status=`, `?event=`), so a reload or a shared link shows the same log.

const STATUSES = ['delivered', 'failed', 'retrying', 'pending'];
const aStatus = (v: string): v is string => STATUSES.includes(v);

export function WebhookDetailPage({ id, catalog }: { id: string; catalog: Catalog }) {
  const { webhooks, reload: reloadList } = useWebhooks();
  const sub = useLoad(() => api.webhook(id).then((r) => r.data), [id]);
  const [status, setStatus] = useQueryParam('status', '', aStatus);
  const [eventType, setEventType] = useQueryParam('event', '', (v): v is string => catalog.event_types.includes(v));
  // `older`: pages past the first were loaded with "Load older deliveries".
  const [pages, setPages] = useState<{ items: Delivery[]; total: number | null; next: string | null; older: boolean } | null>(null);
  const [error, setError] = useState<unknown>();
  const [open, setOpen] = useState<string | null>(null);
  const toast = useToast();
  // "Load older deliveries" may go with the last page: focus moves to the first row it loaded (WCAG 2.4.3).
  const firstLoaded = useRef<number | null>(null);

  // Answers can come back out of order (a refresh, a poll and a filter change in flight at once):
  // only the newest first-page request may replace the list, and an older page is added only while
  // the filters it was asked with are still the ones shown.
  const newest = useRef(0);
  const filters = `${id}\n${status}\n${eventType}`;
  const shown = useRef(filters);
  shown.current = filters;

  const load = useCallback(
    async (cursor?: string) => {
      const askedFor = `${id}\n${status}\n${eventType}`;
      const ticket = cursor ? 0 : ++newest.current;
      const stale = () => (cursor ? shown.current !== askedFor : ticket !== newest.current);
      try {
        const res = await api.deliveries(id, { status, event_type: eventType, cursor, limit: 50 });
        if (stale()) {
          // A dropped "Load older" answer must not leave its focus move waiting for a later list.
          if (cursor) firstLoaded.current = null;
          return;
        }
        const total = typeof res.meta.total === 'number' ? res.meta.total : null;
        const next = typeof res.meta.next_cursor === 'string' ? res.meta.next_cursor : null;
        setPages((p) => {
          if (cursor && p) {
            // A refresh may have landed meanwhile and already hold some of these rows.
            const have = new Set(p.items.map((d) => d.id));
            return { items: [...p.items, ...res.data.filter((d) => !have.has(d.id))], total, next, older: true };
          }
          if (!p?.older) return { items: res.data, total, next, older: false };
          // A refresh (polling included) fetches the first page only: the older pages the user
          // loaded stay below it, and so does the cursor to what lies beyond them.
          const fresh = new Set(res.data.map((d) => d.id));
          const last = res.data.at(-1);
          const below = p.items.filter((d) => !fresh.has(d.id) && (!last || isOlder(d, last)));
          return { items: [...res.data, ...below], total, next: p.next, older: true };
        });
        setError(undefined);
      } catch (err) {
        if (!stale()) setError(err);
      }
    },
    [id, status, eventType],
  );

  useEffect(() => {
    setPages(null);
    void load();
  }, [load]);

  useEffect(() => {
    const i = firstLoaded.current;
    if (i === null || !pages || pages.items.length <= i) return;
    firstLoaded.current = null;
    document.querySelectorAll<HTMLElement>('tr[data-delivery-id] .cell-actions button')[i]?.focus();
  }, [pages]);

  // While anything is still on its way, look again two seconds after each answer (not on a fixed
  // beat: on a server slower than the beat, each look would make the previous one stale).
  const busy = pages?.items.some((d) => d.status === 'pending' || d.status === 'retrying') ?? false;
  const older = pages?.next;
  const reloadSub = sub.reload;
  useEffect(() => {
    if (!busy) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const later = () => {
      timer = setTimeout(async () => {
        reloadSub();
        await load();
        if (!stopped) later();
      }, 2000);
    };
    later();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [busy, load, reloadSub]);

  const refresh = () => {
    void load();
    sub.reload();
  };

  // One test at a time: a double click must not queue two (aria-disabled keeps keyboard focus on it).
  const [sending, setSending] = useState(false);
  const sendingNow = useRef(false);
  const sendTest = async () => {
    if (sendingNow.current) return;
    sendingNow.current = true;
    setSending(true);
    try {
      await api.testWebhook(id);
      toast('Test sent.');
      refresh();
    } catch (err) {
      toast(err instanceof ApiError ? err.message : 'Could not send the test.', 'danger');
    } finally {
      sendingNow.current = false;
      setSending(false);
    }
  };

  // The banner's Re-enable updates the shared list; whichever copy changed last wins.
  const listed = webhooks?.find((x) => x.id === id);
  const w = sub.data && listed ? (listed.updated_at > sub.data.updated_at ? listed : sub.data) : (sub.data ?? listed);
  // The subscription changed state (disabled by failures, re-enabled, a failure counted): the log
  // changed with it, so it is read again rather than contradicting the banner until Refresh.
  const state = w ? `${w.status}:${w.consecutive_failures}` : '';
  const seenState = useRef(state);
  useEffect(() => {
    if (state === seenState.current) return;
    seenState.current = state;
    void load();
  }, [state, load]);

  if (sub.error instanceof ApiError && sub.error.status === 404) {
    return (
      <EmptyState title="No such webhook">
        <Link to="/webhooks">Back to webhooks</Link>
      </EmptyState>
    );
  }
  return (
    <>
      <div>
        <Link to="/webhooks" className="back-link">
          <span aria-hidden="true">←</span> Webhooks
        </Link>
        <PageHeader
          title="Delivery log"
          description={
            w ? (
              <span className="inline-group">
                <code className="wrap">{w.url}</code> <StatusBadge webhook={w} />
              </span>
            ) : undefined
          }
          actions={
            <>
              <button type="button" className="button button-secondary" onClick={refresh}>
                Refresh
              </button>
              <button type="button" className="button button-secondary" onClick={sendTest} aria-disabled={sending || undefined}>
                {sending ? 'Sending…' : 'Send Test'}
              </button>
              {w?.status === 'disabled' && (
                <ReEnableButton
                  webhook={w}
                  onDone={() => {
                    sub.reload();
                    reloadList();
                  }}
                />
              )}
            </>
          }
        />
      </div>
      <form className="filters" onSubmit={(e) => e.preventDefault()} aria-label="Delivery filters">
        <Select label="Status" value={status} onChange={(e) => setStatus(e.target.value)}>
          <option value="">All statuses</option>
          <option value="delivered">Delivered</option>
          <option value="failed">Failed</option>
          <option value="retrying">Retrying</option>
          <option value="pending">Pending</option>
        </Select>
        <Select label="Event type" value={eventType} onChange={(e) => setEventType(e.target.value)}>
          <option value="">All event types</option>
          {catalog.event_types.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </Select>
        <p className="muted small filters-note">
          Newest first. Deliveries are kept for {catalog.webhooks.retention_days} days.
        </p>
      </form>
      <ErrorNotice error={error} title="Could not load deliveries" />
      {error !== undefined && (
        <p>
          <button type="button" className="button button-secondary" onClick={() => void load()}>
            Try again
          </button>
        </p>
      )}
      <section className="panel" aria-labelledby="deliveries-h">
        <div className="panel-header">
          <h2 id="deliveries-h">Deliveries</h2>
          <span className="muted small" aria-live="polite">
            {pages ? (pages.total !== null ? `${formatNumber(pages.total)} in total` : `${formatNumber(pages.items.length)} shown`) : ''}
          </span>
        </div>
        {!pages ? (
          // A failed first load says so above; a spinner would promise what is not coming.
          error === undefined && <Spinner label="Loading deliveries" />
        ) : pages.items.length === 0 ? (
          <EmptyState title={status || eventType ? 'No deliveries match these filters' : 'No deliveries yet'}>
            <p>Use Send Test to post sample events to your endpoint.</p>
          </EmptyState>
        ) : (
          <table className="table responsive-table">
            <thead>
              <tr>
                <th scope="col">Created</th>
                <th scope="col">Events</th>
                <th scope="col">Status</th>
                <th scope="col">HTTP</th>
                <th scope="col">Attempts</th>
                <th scope="col">
                  <span className="visually-hidden">Details</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {pages.items.map((d) => (
                <tr key={d.id} data-delivery-id={d.id}>
                  <th scope="row" data-label="Created" className="cell-time">
                    <time dateTime={d.created_at} title={formatPreciseTime(d.created_at)}>
                      {formatDateTime(d.created_at)}
                    </time>
                  </th>
                  <td data-label="Events">
                    <div className="inline-group">
                      <KindBadge kind={d.kind} />
                      <span className="small">
                        {d.event_count === 1 ? d.event_types[0] ?? '1 event' : `${formatNumber(d.event_count)} events`}
                        {d.event_count > 1 && d.event_types.length > 0 && <span className="muted"> · {d.event_types.length} {d.event_types.length === 1 ? 'type' : 'types'}</span>}
                      </span>
                    </div>
                  </td>
                  <td data-label="Status">
                    <DeliveryBadge status={d.status} />
                  </td>
                  <td data-label="HTTP" className="mono">
                    {d.last_status_code ?? (d.last_error ? <span className="text-danger">error</span> : '—')}
                  </td>
                  <td data-label="Attempts">{d.attempt_count}</td>
                  <td className="cell-actions">
                    <button type="button" className="button button-secondary button-small" onClick={() => setOpen(d.id)} aria-label={`Details of the delivery created ${formatDateTime(d.created_at)}`}>
                      Details
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {older && (
          <div className="panel-body panel-footer">
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                firstLoaded.current = pages?.items.length ?? null;
                void load(older);
              }}
            >
              Load older deliveries
            </button>
          </div>
        )}
      </section>
      <DeliveryDialog
        subscriptionId={id}
        deliveryId={open}
        disabled={w?.status === 'disabled'}
        onClose={() => setOpen(null)}
        onRedelivered={() => {
          setOpen(null);
          refresh();
        }}
      />
    </>
  );
}

/** The log's order: newest first by id (UUIDv7, so by creation). */
function isOlder(a: Delivery, b: Delivery): boolean {
  return a.id < b.id;
}
