import { createContext, useCallback, useContext, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { api, ApiError, type Catalog, type CreatedWebhook, type Delivery, type DeliveryDetail, type DeliveryStatus, type Webhook, type WebhookInput } from '../api';
import { Link } from '../components/Link';
import { Badge, CopyField, Dialog, EmptyState, ErrorNotice, Field, Notice, PageHeader, Select, Spinner, useLoad, useToast } from '../components/ui';
import { formatDateTime, formatDuration, formatNumber, formatPreciseTime, formatRelative } from '../format';
import { usePath } from '../router';

// ---------------------------------------------------------------------------------------
// Shared list of the user's subscriptions: the banner on every page and the Webhooks tab
// read the same copy, refreshed on navigation and every 20 seconds.

interface WebhooksState {
  webhooks: Webhook[] | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

const WebhooksContext = createContext<WebhooksState>({ webhooks: undefined, error: undefined, loading: false, reload: () => undefined });

export function WebhooksProvider({ children }: { children: ReactNode }) {
  const path = usePath();
  const list = useLoad(() => api.webhooks().then((r) => r.data), [path]);
  const { reload } = list;
  useEffect(() => {
    const t = setInterval(reload, 20_000);
    return () => clearInterval(t);
  }, [reload]);
  return <WebhooksContext.Provider value={{ webhooks: list.data, error: list.error, loading: list.loading, reload }}>{children}</WebhooksContext.Provider>;
}

function useWebhooks() {
  return useContext(WebhooksContext);
}

function ReEnableButton({ webhook, className = 'button button-primary', onDone }: { webhook: Webhook; className?: string; onDone?: () => void }) {
  const { reload } = useWebhooks();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const enable = async () => {
    setBusy(true);
    try {
      await api.enableWebhook(webhook.id);
      toast(`Re-enabled ${webhook.url}. New events will be delivered again.`);
      reload();
      onDone?.();
    } catch (err) {
      toast(err instanceof ApiError ? err.message : 'Could not re-enable the subscription.', 'danger');
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className={className} onClick={enable} disabled={busy}>
      {busy ? 'Re-enabling…' : 'Re-enable'}
    </button>
  );
}

/** Shown on every page while a subscription is disabled, in the words of the e-mail the owner got. */
export function DisabledBanner() {
  const { webhooks } = useWebhooks();
  const disabled = webhooks?.filter((w) => w.status === 'disabled') ?? [];
  const [only] = disabled;
  if (disabled.length === 0) return null;
  return (
    <section className="banner" aria-labelledby="disabled-banner-title" data-testid="disabled-banner">
      <div className="banner-inner">
        <svg className="banner-icon" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
          <path d="M10 2 1.5 17h17L10 2Z" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
          <path d="M10 8v4M10 14.5v.5" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
        <div className="banner-body">
          <h2 id="disabled-banner-title" className="banner-title">
            {only && disabled.length === 1 ? (only.disabled_notice?.subject ?? `Webhook disabled: ${only.url}`) : `${disabled.length} webhook subscriptions are disabled`}
          </h2>
          {disabled.map((w) => (
            <div key={w.id} className="banner-item">
              <p>
                {disabled.length > 1 && <span className="mono">{w.url} </span>}
                Disabled {w.disabled_at ? formatDateTime(w.disabled_at) : 'just now'} because {w.disabled_reason ?? 'too many deliveries failed in a row'}. No
                events are sent to it while it is disabled, and its pending retries were stopped. Fix the endpoint, use Send Test to check it, then
                re-enable it.
              </p>
              <div className="button-group banner-actions">
                <ReEnableButton webhook={w} className="button button-danger button-small" />
                <Link to={`/webhooks/${encodeURIComponent(w.id)}`} className="button button-secondary button-small">
                  Open delivery log
                </Link>
              </div>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}

// ---------------------------------------------------------------------------------------

function EventBadges({ events }: { events: string[] }) {
  if (events.includes('*')) {
    return (
      <ul className="event-list">
        <li>
          <Badge tone="info">All events</Badge>
        </li>
      </ul>
    );
  }
  return (
    <ul className="event-list">
      {events.map((e) => (
        <li key={e}>
          <Badge tone="info">{e}</Badge>
        </li>
      ))}
    </ul>
  );
}

function StatusBadge({ webhook }: { webhook: Webhook }) {
  if (webhook.status === 'enabled') {
    return (
      <span className="badge badge-success badge-dot" data-testid="webhook-status">
        Enabled
      </span>
    );
  }
  return (
    <span className="badge badge-danger badge-dot" data-testid="webhook-status" title={webhook.disabled_reason ?? undefined}>
      Disabled
    </span>
  );
}

function Quota({ webhook }: { webhook: Webhook }) {
  const pct = Math.min(100, (webhook.deliveries_today / Math.max(1, webhook.daily_limit)) * 100);
  const full = webhook.deliveries_today >= webhook.daily_limit;
  return (
    <div className="quota">
      <span className="small">
        <strong>{formatNumber(webhook.deliveries_today)}</strong> of {formatNumber(webhook.daily_limit)} deliveries today
      </span>
      <div
        className={`quota-bar ${full ? 'is-full' : ''}`}
        role="progressbar"
        aria-label="Deliveries today against the daily cap"
        aria-valuemin={0}
        aria-valuemax={webhook.daily_limit}
        aria-valuenow={webhook.deliveries_today}
      >
        <span style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}

export function WebhooksPage({ catalog }: { catalog: Catalog }) {
  const { webhooks, error, loading, reload } = useWebhooks();
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [tested, setTested] = useState<Record<string, string>>({});
  const toast = useToast();

  const sendTest = async (w: Webhook) => {
    try {
      const { data } = await api.testWebhook(w.id);
      setTested((t) => ({ ...t, [w.id]: data.id }));
      toast(`Test sent to ${w.url}.`);
    } catch (err) {
      toast(err instanceof ApiError ? err.message : 'Could not send the test.', 'danger');
    }
  };

  return (
    <>
      <PageHeader
        title="Webhooks"
        description={
          <>
            We POST a JSON array of events to your endpoint, signed with <code>X-Webhook-Signature</code> (HMAC-SHA256 of the body with your
            secret). Events within {catalog.webhooks.batch_window_seconds} seconds are batched into one delivery.
          </>
        }
        actions={
          <button type="button" className="button button-primary" onClick={() => setEditing('new')}>
            Add endpoint
          </button>
        }
      />
      <ErrorNotice error={error} title="Could not load your webhooks" />
      {!webhooks && loading ? (
        <Spinner label="Loading webhooks" />
      ) : webhooks && webhooks.length === 0 ? (
        <EmptyState title="No webhook endpoints yet">
          <p>Add an HTTPS endpoint to be told when your collection, decks or binders change.</p>
          <button type="button" className="button button-primary" onClick={() => setEditing('new')}>
            Add your first endpoint
          </button>
        </EmptyState>
      ) : (
        <ul className="webhook-list" aria-label="Webhook endpoints">
          {webhooks?.map((w) => (
            <li key={w.id} className="panel webhook-card" data-webhook-id={w.id}>
              <div className="webhook-top">
                <div className="webhook-title">
                  <div className="webhook-heading">
                    <h2 className="webhook-url">{w.url}</h2>
                    <StatusBadge webhook={w} />
                  </div>
                  {w.description && <p className="muted">{w.description}</p>}
                  {w.status === 'disabled' && (
                    <p className="text-danger small">
                      Disabled {formatRelative(w.disabled_at)}: {w.disabled_reason ?? 'too many failed deliveries'}.
                    </p>
                  )}
                </div>
                <Quota webhook={w} />
              </div>
              <EventBadges events={w.events} />
              <div className="webhook-meta">
                <span>
                  Secret ends in <code>{w.secret_hint}</code>
                </span>
                <span>
                  Dropped today <strong>{formatNumber(w.dropped_events_today)}</strong>
                  {w.dropped_events_total > w.dropped_events_today && <> ({formatNumber(w.dropped_events_total)} in all)</>}
                </span>
                {w.consecutive_failures > 0 && w.status === 'enabled' && (
                  <span className="text-danger">
                    <strong className="text-danger">{w.consecutive_failures}</strong> failed in a row (disabled at {catalog.webhooks.disable_after})
                  </span>
                )}
                <span>Created {formatRelative(w.created_at)}</span>
              </div>
              {tested[w.id] && (
                <Notice tone="success">
                  <p>
                    Test delivery queued.{' '}
                    <Link to={`/webhooks/${encodeURIComponent(w.id)}`}>See the attempt in the delivery log</Link>
                  </p>
                </Notice>
              )}
              <div className="button-group">
                <Link to={`/webhooks/${encodeURIComponent(w.id)}`} className="button button-secondary button-small">
                  Delivery log
                </Link>
                <button type="button" className="button button-secondary button-small" onClick={() => sendTest(w)}>
                  Send Test
                </button>
                <button type="button" className="button button-secondary button-small" onClick={() => setEditing(w)} aria-label={`Edit ${w.url}`}>
                  Edit
                </button>
                {w.status === 'disabled' && <ReEnableButton webhook={w} className="button button-primary button-small" />}
                <button type="button" className="button button-danger-quiet button-small" onClick={() => setDeleting(w)} aria-label={`Delete ${w.url}`}>
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <WebhookFormDialog
        key={editing === null ? 'closed' : editing === 'new' ? 'new' : editing.id}
        editing={editing}
        catalog={catalog}
        onClose={() => setEditing(null)}
        onSaved={reload}
      />
      <DeleteDialog
        webhook={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          reload();
        }}
      />
    </>
  );
}

function WebhookFormDialog({
  editing,
  catalog,
  onClose,
  onSaved,
}: {
  editing: Webhook | 'new' | null;
  catalog: Catalog;
  onClose: () => void;
  onSaved: () => void;
}) {
  const existing = editing && editing !== 'new' ? editing : null;
  const [url, setUrl] = useState(existing?.url ?? '');
  const [description, setDescription] = useState(existing?.description ?? '');
  const [all, setAll] = useState(existing ? existing.events.includes('*') : true);
  const [events, setEvents] = useState<Set<string>>(new Set(existing && !existing.events.includes('*') ? existing.events : []));
  const [ownSecret, setOwnSecret] = useState(false);
  const [secret, setSecret] = useState('');
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const [tried, setTried] = useState(false);
  const toast = useToast();

  const fieldError = (name: string) => {
    if (!(error instanceof ApiError)) return undefined;
    return error.errors.find((e) => e.field === name || e.field.startsWith(`${name}[`))?.message;
  };
  const eventsError = tried && !all && events.size === 0 ? 'Choose at least one event, or all events.' : fieldError('events');
  const secretError = tried && ownSecret && secret.length > 0 && secret.length < 16 ? 'Use at least 16 characters.' : fieldError('secret');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!all && events.size === 0) return;
    if (ownSecret && secret.length > 0 && secret.length < 16) return;
    setBusy(true);
    setError(undefined);
    const input: WebhookInput = {
      url: url.trim(),
      events: all ? ['*'] : catalog.event_types.filter((t) => events.has(t)),
      description: description.trim() ? description.trim() : null,
    };
    if (ownSecret && secret) input.secret = secret;
    try {
      if (existing) {
        await api.updateWebhook(existing.id, input);
        toast('Webhook saved.');
        onSaved();
        onClose();
      } else {
        const { data } = await api.createWebhook(input);
        onSaved();
        if (data.secret) setCreated(data);
        else {
          toast('Webhook added.');
          onClose();
        }
      }
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  if (created?.secret) {
    return (
      <Dialog
        open
        title="Webhook added"
        onClose={onClose}
        dismissable={false}
        footer={
          <button type="button" className="button button-primary" onClick={onClose} data-autofocus>
            I have copied the secret
          </button>
        }
      >
        <Notice tone="warning" title="Copy the signing secret now. It cannot be shown again.">
          <p>
            Your endpoint needs it to check <code>X-Webhook-Signature</code>. If you lose it, set a new one with Edit.
          </p>
        </Notice>
        <CopyField label="Signing secret" value={created.secret} testId="new-webhook-secret" />
      </Dialog>
    );
  }

  const toggle = (t: string) =>
    setEvents((cur) => {
      const next = new Set(cur);
      if (next.has(t)) next.delete(t);
      else next.add(t);
      return next;
    });

  return (
    <Dialog
      open={editing !== null}
      title={existing ? 'Edit webhook' : 'Add a webhook endpoint'}
      onClose={onClose}
      wide
      footer={
        <>
          <button type="button" className="button button-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form="webhook-form" className="button button-primary" disabled={busy}>
            {busy ? 'Saving…' : existing ? 'Save changes' : 'Add endpoint'}
          </button>
        </>
      }
    >
      <form id="webhook-form" className="stack" onSubmit={submit} noValidate>
        {error !== undefined && !(error instanceof ApiError && error.code === 'validation_failed') && <ErrorNotice error={error} />}
        <Field
          label="Endpoint URL"
          name="url"
          type="url"
          inputMode="url"
          placeholder="https://example.com/webhooks/ccs"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          hint="HTTPS. Plain http is accepted only for localhost and 127.0.0.1, for testing."
          error={fieldError('url')}
          required
        />
        <Field label="Description (optional)" name="description" value={description} maxLength={500} onChange={(e) => setDescription(e.target.value)} error={fieldError('description')} />
        <fieldset>
          <legend>Events</legend>
          <label className="check check-all">
            <input type="checkbox" name="all-events" checked={all} onChange={(e) => setAll(e.target.checked)} />
            <span>All events, including types added later</span>
          </label>
          <div className="events-grid" aria-disabled={all}>
            {catalog.event_types.map((t) => (
              <label key={t} className="check">
                <input type="checkbox" name="events" value={t} disabled={all} checked={all || events.has(t)} onChange={() => toggle(t)} />
                <span>{t}</span>
              </label>
            ))}
          </div>
          {eventsError && <p className="field-error">{eventsError}</p>}
        </fieldset>
        <fieldset>
          <legend>Signing secret</legend>
          <label className="check">
            <input type="radio" name="secret-mode" checked={!ownSecret} onChange={() => setOwnSecret(false)} />
            <span className="check-text">{existing ? `Keep the current secret (ends in ${existing.secret_hint})` : 'Generate one for me (shown once)'}</span>
          </label>
          <label className="check">
            <input type="radio" name="secret-mode" checked={ownSecret} onChange={() => setOwnSecret(true)} />
            <span className="check-text">{existing ? 'Set a new secret' : 'Use my own secret'}</span>
          </label>
          {ownSecret && (
            <div className="secret-input">
              <Field
                label="Secret"
                name="secret"
                type="password"
                autoComplete="off"
                value={secret}
                onChange={(e) => setSecret(e.target.value)}
                hint="16 to 256 characters."
                error={secretError}
              />
            </div>
          )}
        </fieldset>
      </form>
    </Dialog>
  );
}

function DeleteDialog({ webhook, onClose, onDeleted }: { webhook: Webhook | null; onClose: () => void; onDeleted: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const toast = useToast();
  const remove = async () => {
    if (!webhook) return;
    setBusy(true);
    setError(undefined);
    try {
      await api.deleteWebhook(webhook.id);
      toast('Webhook deleted.');
      onDeleted();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={webhook !== null}
      title="Delete this webhook?"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button-secondary" onClick={onClose} data-autofocus>
            Cancel
          </button>
          <button type="button" className="button button-danger" onClick={remove} disabled={busy}>
            {busy ? 'Deleting…' : 'Delete webhook'}
          </button>
        </>
      }
    >
      <ErrorNotice error={error} />
      {webhook && (
        <p>
          Events stop going to <code className="wrap">{webhook.url}</code> at once, and its delivery log is deleted. This cannot be undone.
        </p>
      )}
    </Dialog>
  );
}

// ---------------------------------------------------------------------------------------
// Delivery log of one subscription.

const DELIVERY_TONE: Record<DeliveryStatus, 'success' | 'danger' | 'warning' | 'neutral'> = {
  delivered: 'success',
  failed: 'danger',
  retrying: 'warning',
  pending: 'neutral',
};

function DeliveryBadge({ status }: { status: DeliveryStatus }) {
  return (
    <Badge tone={DELIVERY_TONE[status]}>
      <span data-testid="delivery-status">{status.charAt(0).toUpperCase() + status.slice(1)}</span>
    </Badge>
  );
}

function KindBadge({ kind }: { kind: Delivery['kind'] }) {
  if (kind === 'event') return null;
  return <Badge tone="neutral">{kind === 'test' ? 'Test' : 'Redelivery'}</Badge>;
}

export function WebhookDetailPage({ id, catalog }: { id: string; catalog: Catalog }) {
  const { webhooks, reload: reloadList } = useWebhooks();
  const sub = useLoad(() => api.webhook(id).then((r) => r.data), [id]);
  const [status, setStatus] = useState('');
  const [eventType, setEventType] = useState('');
  const [pages, setPages] = useState<{ items: Delivery[]; total: number | null; next: string | null } | null>(null);
  const [error, setError] = useState<unknown>();
  const [open, setOpen] = useState<string | null>(null);
  const toast = useToast();

  const load = useCallback(
    async (cursor?: string) => {
      try {
        const res = await api.deliveries(id, { status, event_type: eventType, cursor, limit: 50 });
        const total = typeof res.meta.total === 'number' ? res.meta.total : null;
        const next = typeof res.meta.next_cursor === 'string' ? res.meta.next_cursor : null;
        setPages((p) => (cursor && p ? { items: [...p.items, ...res.data], total, next } : { items: res.data, total, next }));
        setError(undefined);
      } catch (err) {
        setError(err);
      }
    },
    [id, status, eventType],
  );

  useEffect(() => {
    setPages(null);
    void load();
  }, [load]);

  // While anything is still on its way, look again every two seconds.
  const busy = pages?.items.some((d) => d.status === 'pending' || d.status === 'retrying') ?? false;
  const older = pages?.next;
  useEffect(() => {
    if (!busy) return;
    const t = setInterval(() => {
      void load();
      sub.reload();
    }, 2000);
    return () => clearInterval(t);
  }, [busy, load, sub]);

  const refresh = () => {
    void load();
    sub.reload();
  };

  const sendTest = async () => {
    try {
      await api.testWebhook(id);
      toast('Test sent.');
      refresh();
    } catch (err) {
      toast(err instanceof ApiError ? err.message : 'Could not send the test.', 'danger');
    }
  };

  if (sub.error instanceof ApiError && sub.error.status === 404) {
    return (
      <EmptyState title="No such webhook">
        <Link to="/webhooks">Back to webhooks</Link>
      </EmptyState>
    );
  }
  // The banner's Re-enable updates the shared list; whichever copy changed last wins.
  const listed = webhooks?.find((x) => x.id === id);
  const w = sub.data && listed ? (listed.updated_at > sub.data.updated_at ? listed : sub.data) : (sub.data ?? listed);

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
              <button type="button" className="button button-secondary" onClick={sendTest}>
                Send Test
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
      <section className="panel" aria-labelledby="deliveries-h">
        <div className="panel-header">
          <h2 id="deliveries-h">Deliveries</h2>
          <span className="muted small" aria-live="polite">
            {pages ? (pages.total !== null ? `${formatNumber(pages.total)} in total` : `${formatNumber(pages.items.length)} shown`) : ''}
          </span>
        </div>
        {!pages ? (
          <Spinner label="Loading deliveries" />
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
                        {d.event_count > 1 && d.event_types.length > 0 && <span className="muted"> · {d.event_types.length} types</span>}
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
            <button type="button" className="button button-secondary" onClick={() => void load(older)}>
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

function DeliveryDialog({
  subscriptionId,
  deliveryId,
  disabled,
  onClose,
  onRedelivered,
}: {
  subscriptionId: string;
  deliveryId: string | null;
  disabled: boolean;
  onClose: () => void;
  onRedelivered: () => void;
}) {
  const [detail, setDetail] = useState<DeliveryDetail | null>(null);
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const toast = useToast();

  useEffect(() => {
    setDetail(null);
    setError(undefined);
    if (!deliveryId) return;
    let live = true;
    api.delivery(subscriptionId, deliveryId).then(
      (r) => live && setDetail(r.data),
      (err: unknown) => live && setError(err),
    );
    return () => {
      live = false;
    };
  }, [subscriptionId, deliveryId]);

  const redeliver = async () => {
    if (!deliveryId) return;
    setBusy(true);
    try {
      await api.redeliver(subscriptionId, deliveryId);
      toast('Queued for redelivery.');
      onRedelivered();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={deliveryId !== null}
      title="Delivery"
      onClose={onClose}
      wide
      footer={
        <>
          {disabled && <span className="muted small dialog-footer-note">Re-enable the subscription to redeliver.</span>}
          <button type="button" className="button button-secondary" onClick={onClose}>
            Close
          </button>
          <button type="button" className="button button-primary" onClick={redeliver} disabled={busy || !detail || detail.request_body === null || disabled}>
            {busy ? 'Queuing…' : 'Redeliver'}
          </button>
        </>
      }
    >
      <ErrorNotice error={error} />
      {!detail && !error && <Spinner label="Loading the delivery" />}
      {detail && (
        <>
          <dl className="details">
            <div>
              <dt>Status</dt>
              <dd className="inline-group">
                <DeliveryBadge status={detail.status} /> <KindBadge kind={detail.kind} />
              </dd>
            </div>
            <div>
              <dt>Delivery id</dt>
              <dd className="mono small">{detail.id}</dd>
            </div>
            <div>
              <dt>Created</dt>
              <dd>{formatPreciseTime(detail.created_at)}</dd>
            </div>
            <div>
              <dt>Events</dt>
              <dd>
                {formatNumber(detail.event_count)}: {detail.event_types.join(', ') || '—'}
              </dd>
            </div>
            {detail.next_attempt_at && (
              <div>
                <dt>Next attempt</dt>
                <dd>{formatPreciseTime(detail.next_attempt_at)}</dd>
              </div>
            )}
          </dl>
          <section aria-labelledby="attempts-h" className="stack stack-tight">
            <h3 id="attempts-h">Attempts ({detail.attempts.length})</h3>
            {detail.attempts.length === 0 ? (
              <p className="muted">Not attempted yet.</p>
            ) : (
              <ol className="attempts">
                {[...detail.attempts].reverse().map((a) => (
                  <li key={a.number} className="attempt" data-testid="attempt">
                    <div className="attempt-head">
                      <strong>#{a.number}</strong>
                      <time dateTime={a.attempted_at}>{formatPreciseTime(a.attempted_at)}</time>
                      <Badge tone={a.success ? 'success' : 'danger'}>
                        <span data-testid="attempt-status">{a.status_code !== null ? `HTTP ${a.status_code}` : 'No response'}</span>
                      </Badge>
                      <span className="muted">{formatDuration(a.duration_ms)}</span>
                    </div>
                    {a.error && <p className="text-danger small">{a.error}</p>}
                    {a.response_body !== null && a.response_body !== '' ? (
                      <section aria-label={`Response body of attempt ${a.number}`}>
                        <pre className="body">{a.response_body}</pre>
                        {a.response_body_truncated && <p className="muted small">Truncated.</p>}
                      </section>
                    ) : (
                      <p className="muted small">Empty response body.</p>
                    )}
                  </li>
                ))}
              </ol>
            )}
          </section>
          {detail.request_body && (
            <details>
              <summary className="small disclosure">
                Request body ({formatNumber(detail.body_bytes)} bytes)
              </summary>
              <pre className="body body-spaced">
                {prettyJson(detail.request_body)}
              </pre>
            </details>
          )}
        </>
      )}
    </Dialog>
  );
}

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
