import { describe, expect, it } from 'vitest';
import { disabledNotice } from '../../src/webhooks/notice.js';

const sub = { id: '0190c0de-0000-7000-8000-000000000001', url: 'https://hooks.example.com/x', disabled_reason: '10 consecutive deliveries failed', disabled_at: '2026-11-30T12:00:00.000Z' };

describe('the e-mail sent when a subscription is disabled', () => {
  it('links to the subscription in the developer portal when the service knows its public address', () => {
    const { subject, text } = disabledNotice(sub, 'https://ccs.example.com');
    expect(subject).toBe('Webhook disabled: https://hooks.example.com/x');
    expect(text).toContain(`re-enable the subscription in the developer portal:\n  https://ccs.example.com/portal/webhooks/${sub.id}\n`);
    expect(text).toContain(`(or POST https://ccs.example.com/api/v1/webhooks/${sub.id}/enable)`);
    expect(text).toContain('because 10 consecutive deliveries failed.');
  });

  it('names the portal page by its path when no public address is configured, rather than guess a host', () => {
    const { text } = disabledNotice(sub, undefined);
    expect(text).toContain(`in the developer portal at\n/portal/webhooks/${sub.id} on this service\n(or POST /api/v1/webhooks/${sub.id}/enable)`);
    expect(text).not.toMatch(/https?:\/\/(?!hooks\.example\.com)/);
  });
});
