import type { Delivery, DeliveryStatus, Webhook } from '../../api';
import { Badge } from '../../components/ui';
import { formatNumber } from '../../format';

// Small pieces the webhook pages share: event, status, quota and delivery badges.

export function EventBadges({ events }: { events: string[] }) {
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

export function StatusBadge({ webhook }: { webhook: Webhook }) {
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

export function Quota({ webhook }: { webhook: Webhook }) {
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

const DELIVERY_TONE: Record<DeliveryStatus, 'success' | 'danger' | 'warning' | 'neutral'> = {
  delivered: 'success',
  failed: 'danger',
  retrying: 'warning',
  pending: 'neutral',
};

export function DeliveryBadge({ status }: { status: DeliveryStatus }) {
  return (
    <Badge tone={DELIVERY_TONE[status]}>
      <span data-testid="delivery-status">{status.charAt(0).toUpperCase() + status.slice(1)}</span>
    </Badge>
  );
}

export function KindBadge({ kind }: { kind: Delivery['kind'] }) {
  if (kind === 'event') return null;
  return <Badge tone="neutral">{kind === 'test' ? 'Test' : 'Redelivery'}</Badge>;
}
