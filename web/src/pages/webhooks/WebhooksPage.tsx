import { useRef, useState } from 'react';
import { api, ApiError, type Catalog, type Webhook } from '../../api';
import { Link } from '../../components/Link';
import { ConfirmDialog, EmptyState, ErrorNotice, Notice, PageHeader, Spinner, useToast } from '../../components/ui';
import { formatNumber, formatRelative } from '../../format';
import { useWebhooks, ReEnableButton } from './state';
import { EventBadges, StatusBadge, Quota } from './badges';
import { WebhookFormDialog } from './WebhookFormDialog';

// The Webhooks tab: the subscriptions with their quotas, and creating, editing and deleting them.

export function WebhooksPage({ catalog }: { catalog: Catalog }) {
  const { webhooks, error, loading, reload } = useWebhooks();
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [tested, setTested] = useState<Record<string, string>>({});
  const toast = useToast();

  // One test at a time per endpoint: a double click must not queue two. The button stays focusable
  // (aria-disabled, not disabled) so keyboard focus is not dropped while it waits.
  const [sending, setSending] = useState<ReadonlySet<string>>(new Set());
  const sendingNow = useRef(new Set<string>());
  const sendTest = async (w: Webhook) => {
    if (sendingNow.current.has(w.id)) return;
    sendingNow.current.add(w.id);
    setSending(new Set(sendingNow.current));
    try {
      const { data } = await api.testWebhook(w.id);
      setTested((t) => ({ ...t, [w.id]: data.id }));
      toast(`Test sent to ${w.url}.`);
    } catch (err) {
      toast(err instanceof ApiError ? err.message : 'Could not send the test.', 'danger');
    } finally {
      sendingNow.current.delete(w.id);
      setSending(new Set(sendingNow.current));
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
                <span>
                  Created {formatRelative(w.created_at)}
                  {w.application_id && (
                    <>
                      {' '}
                      by <strong data-testid="webhook-application">{w.application_name ?? 'a deleted application'}</strong>
                    </>
                  )}
                </span>
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
                <button
                  type="button"
                  className="button button-secondary button-small"
                  onClick={() => sendTest(w)}
                  aria-label={`Send Test to ${w.url}`}
                  aria-disabled={sending.has(w.id) || undefined}
                >
                  {sending.has(w.id) ? 'Sending…' : 'Send Test'}
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

function DeleteDialog({ webhook, onClose, onDeleted }: { webhook: Webhook | null; onClose: () => void; onDeleted: () => void }) {
  return (
    <ConfirmDialog
      target={webhook}
      title="Delete this webhook?"
      confirmLabel="Delete webhook"
      busyLabel="Deleting…"
      action={(w) => api.deleteWebhook(w.id)}
      toast={() => 'Webhook deleted.'}
      onClose={onClose}
      onDone={onDeleted}
    >
      {(w) => (
        <p>
          Events stop going to <code className="wrap">{w.url}</code> at once, and its delivery log is deleted. This cannot be undone.
        </p>
      )}
    </ConfirmDialog>
  );
}
