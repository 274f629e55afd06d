import type { SubscriptionRow } from './rows.js';

/** The e-mail an owner gets when a subscription is disabled for failing. */
export function disabledNotice(sub: Pick<SubscriptionRow, 'id' | 'url' | 'disabled_reason' | 'disabled_at'>, publicUrl: string | undefined): { subject: string; text: string } {
  const base = publicUrl ?? '';
  return {
    subject: `Webhook disabled: ${sub.url}`,
    text: [
      'Hello,',
      '',
      `Your webhook subscription ${sub.id} to`,
      `  ${sub.url}`,
      `was disabled at ${sub.disabled_at ?? 'just now'} because ${sub.disabled_reason ?? 'too many deliveries failed in a row'}.`,
      '',
      'No events are sent to it while it is disabled, and its pending retries were stopped.',
      // The portal's address is known only from CCS_PUBLIC_URL (a worker behind a proxy knows no other); without it, where to click.
      ...(publicUrl
        ? ['Once the endpoint answers 2xx again, re-enable the subscription in the developer portal:', `  ${base}/portal/webhooks/${sub.id}`]
        : ['Once the endpoint answers 2xx again, re-enable the subscription in the developer portal at', `/portal/webhooks/${sub.id} on this service`]),
      `(or POST ${base}/api/v1/webhooks/${sub.id}/enable). Use "Send test" to check the endpoint first;`,
      'stopped deliveries can be sent again from the delivery log ("Redeliver").',
      '',
      '-- Card Collection Service',
      '',
    ].join('\n'),
  };
}
