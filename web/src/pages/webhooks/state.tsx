import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { api, ApiError, type Webhook } from '../../api';
import { Link } from '../../components/Link';
import { useLoad, useToast } from '../../components/ui';
import { formatDateTime } from '../../format';
import { usePath } from '../../router';

// The user's subscriptions, shared: the banner on every page and the Webhooks tab read the same
// copy, refreshed on navigation and every 20 seconds.

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

export function useWebhooks() {
  return useContext(WebhooksContext);
}

export function ReEnableButton({ webhook, className = 'button button-primary', onDone }: { webhook: Webhook; className?: string; onDone?: () => void }) {
  const { reload } = useWebhooks();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const enable = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await api.enableWebhook(webhook.id);
      toast(`Re-enabled ${webhook.url}. New events will be delivered again.`);
      // The button goes away with the disabled state: keyboard focus goes to the page's heading, not to <body>.
      document.querySelector<HTMLElement>('main h1')?.focus();
      reload();
      onDone?.();
    } catch (err) {
      toast(err instanceof ApiError ? err.message : 'Could not re-enable the subscription.', 'danger');
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className={className} onClick={enable} aria-disabled={busy || undefined} aria-label={`Re-enable ${webhook.url}`}>
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
