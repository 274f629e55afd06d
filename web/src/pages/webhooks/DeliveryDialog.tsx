import { useEffect, useState } from 'react';
import { api, type DeliveryDetail } from '../../api';
import { Badge, Dialog, ErrorNotice, Spinner, useAction, useToast } from '../../components/ui';
import { formatDuration, formatNumber, formatPreciseTime } from '../../format';
import { DeliveryBadge, KindBadge } from './badges';

// One delivery: its payload, every attempt with the endpoint's answer, and redelivery.

export function DeliveryDialog({
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
  const toast = useToast();
  const redeliver = useAction(async () => {
    if (!deliveryId) return;
    await api.redeliver(subscriptionId, deliveryId);
    toast('Queued for redelivery.');
    onRedelivered();
  });
  const resetRedeliver = redeliver.reset;

  useEffect(() => {
    setDetail(null);
    setError(undefined);
    resetRedeliver();
    if (!deliveryId) return;
    let live = true;
    api.delivery(subscriptionId, deliveryId).then(
      (r) => live && setDetail(r.data),
      (err: unknown) => live && setError(err),
    );
    return () => {
      live = false;
    };
  }, [subscriptionId, deliveryId, resetRedeliver]);

  return (
    <Dialog
      open={deliveryId !== null}
      title="Delivery"
      onClose={onClose}
      wide
      // Open until a redelivery it queued is answered, so the answer is about this delivery.
      dismissable={!redeliver.busy}
      footer={
        <>
          {disabled && <span className="muted small dialog-footer-note">Re-enable the subscription to redeliver.</span>}
          <button type="button" className="button button-secondary" onClick={onClose} disabled={redeliver.busy}>
            Close
          </button>
          <button type="button" className="button button-primary" onClick={redeliver.run} disabled={redeliver.busy || !detail || detail.request_body === null || disabled}>
            {redeliver.busy ? 'Queuing…' : 'Redeliver'}
          </button>
        </>
      }
    >
      <ErrorNotice error={error ?? redeliver.error} />
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
              // A delivery stopped before its first attempt (auto-disable, say) says why.
              detail.last_error ? (
                <p className="text-danger small" data-testid="delivery-error">
                  {detail.last_error}
                </p>
              ) : (
                <p className="muted">Not attempted yet.</p>
              )
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
                    {a.status_code === null ? null : a.response_body === null ? (
                      // An answer with a null body was withheld (a local target's), not empty.
                      <p className="muted small">Response bodies are not recorded for local targets.</p>
                    ) : a.response_body !== '' ? (
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
