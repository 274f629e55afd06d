import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { guardedLookup } from '../../src/webhooks/http-client.js';
import { validateSubscriptionInput } from '../../src/webhooks/service.js';
import { checkWebhookUrl, isForbiddenAddress, isLocalTarget, webhookUrlProblem } from '../../src/webhooks/url.js';
import { AppError } from '../../src/errors.js';

const strict = { allowPrivate: false };

describe('webhookUrlProblem', () => {
  it.each([
    'https://hooks.example.com/ccs',
    'https://hooks.example.com:8443/a/b?c=d',
    'https://203.0.114.7/hook',
    'https://[2606:4700::1111]/hook',
    'http://localhost/hook',
    'http://localhost:3000/hook',
    'HTTP://LOCALHOST:3000/hook',
    'http://127.0.0.1/hook',
    'http://127.0.0.1:8080/x?y=z',
  ])('accepts %s', (url) => {
    expect(webhookUrlProblem(url, strict)).toBeUndefined();
  });

  it.each([
    ['', /required/],
    ['/relative/path', /absolute/],
    ['hooks.example.com/x', /absolute/],
    ['ftp://hooks.example.com/x', /https/],
    ['javascript:alert(1)', /https/],
    ['http://hooks.example.com/x', /localhost and 127\.0\.0\.1/],
    ['http://127.0.0.2/x', /localhost and 127\.0\.0\.1/],
    ['http://127.1/x', /localhost and 127\.0\.0\.1/],
    ['http://0x7f000001/x', /localhost and 127\.0\.0\.1/],
    ['http://[::1]/x', /localhost and 127\.0\.0\.1/],
    ['http://localhost.example.com/x', /localhost and 127\.0\.0\.1/],
    ['http://sub.localhost/x', /localhost and 127\.0\.0\.1/],
    ['https://user:secret@hooks.example.com/x', /credentials/],
    ['https://hooks.example.com/x#frag', /fragment/],
    [' https://hooks.example.com/x', /whitespace/],
    ['https://10.1.2.3/x', /private/],
    ['https://127.0.0.1/x', /private/],
    ['https://169.254.169.254/latest/meta-data', /private/],
    ['https://[::1]/x', /private/],
    ['https://[fd00:ec2::254]/x', /private/],
    ['https://[::ffff:10.0.0.1]/x', /private/],
    // The IPv4-compatible form, as the URL parser writes it (::7f00:1).
    ['https://[::127.0.0.1]/x', /private/],
    ['https://localhost/x', /publicly reachable/],
    ['https://api.localhost/x', /publicly reachable/],
    [`https://example.com/${'a'.repeat(2100)}`, /2048/],
    // 1,000 é are 6,000 characters stored (%C3%A9 each): the limit holds for the stored form, which a PATCH may send back.
    [`https://example.com/${'é'.repeat(1000)}`, /2048 characters once percent-encoded/],
    [`https://example.com/${' '.repeat(700)}x`, /once percent-encoded/],
  ])('refuses %s', (url, why) => {
    expect(webhookUrlProblem(url, strict)).toMatch(why);
  });

  it.each([
    ['a NUL byte', 'https://hooks.example.com/a\u0000b', /control characters/],
    ['a NUL byte in the host', 'https://hooks.example.com\u0000.evil.example/x', /control characters/],
    ['a newline', 'https://hooks.example.com/a\nb', /control characters/],
    ['a tab', 'https://hooks.example.com/\tx', /control characters/],
    ['DEL', 'https://hooks.example.com/\u007f', /control characters/],
    ['a C1 control', 'https://hooks.example.com/\u0085', /control characters/],
    ['no slashes after the scheme', 'https:example.com', /written as https:\/\/host/],
    ['one slash after the scheme', 'https:/example.com', /written as https:\/\/host/],
    ['three slashes (empty authority)', 'https:///example.com', /written as https:\/\/host/],
    ['backslashes for slashes', 'https:\\\\example.com/x', /written as https:\/\/host/],
    ['a backslash in the authority', 'https://example.com\\@evil.example/x', /backslash/],
    ['a backslash in the path', 'https://example.com/a\\b', /backslash/],
    ['port 0', 'https://hooks.example.com:0/x', /port from 1 to 65535/],
    ['port 00', 'https://hooks.example.com:00/x', /port from 1 to 65535/],
    ['a port over 65535', 'https://hooks.example.com:65536/x', /port from 1 to 65535/],
    ['a port over 65535 on loopback', 'http://127.0.0.1:65536/x', /port from 1 to 65535/],
    ['a port that is not a number', 'https://hooks.example.com:http/x', /port from 1 to 65535/],
    ['a port on an IPv6 address over 65535', 'https://[2001:db8::1]:99999/x', /port from 1 to 65535/],
    ['localhost with a trailing dot over http', 'http://localhost./x', /dot/],
    ['localhost with a trailing dot over https', 'https://localhost./x', /dot/],
    ['any host with a trailing dot', 'https://hooks.example.com./x', /dot/],
    ['127.0.0.1 with a trailing dot', 'http://127.0.0.1./x', /must not end the host name with a dot/],
    ['127.0.0.1 with a trailing dot and a port', 'http://127.0.0.1.:19101/x', /must not end the host name with a dot/],
    ['an IPv4 address with a trailing dot over https', 'https://8.8.8.8./x', /must not end the host name with a dot/],
    ['an empty user', 'https://@hooks.example.com/x', /credentials/],
    ['a user only', 'https://user@hooks.example.com/x', /credentials/],
    ['an empty fragment', 'https://hooks.example.com/x#', /fragment/],
    ['http to localhost written with a port but through the parser\'s forgiveness', 'http://LOCALHOST.:80/x', /dot/],
  ])('refuses %s', (_what, url, why) => {
    expect(webhookUrlProblem(url, strict)).toMatch(why);
  });

  it.each([
    ['HTTP://LOCALHOST:3000/hook', 'http://localhost:3000/hook'],
    ['https://Hooks.Example.COM:443/A/B?c=d', 'https://hooks.example.com/A/B?c=d'],
    ['https://hooks.example.com', 'https://hooks.example.com/'],
    ['https://hooks.example.com/a b', 'https://hooks.example.com/a%20b'],
    ['https://bücher.example/hook', 'https://xn--bcher-kva.example/hook'],
    ['https://hooks.example.com/./a/../b', 'https://hooks.example.com/b'],
    ['http://127.0.0.1:8080/x?y=z', 'http://127.0.0.1:8080/x?y=z'],
  ])('stores %s as %s', (raw, normalised) => {
    expect(checkWebhookUrl(raw, strict)).toEqual({ ok: true, url: normalised });
  });

  it('refuses loopback targets when the operator denies local targets, and only those', () => {
    const deny = { allowPrivate: true, localTargets: 'deny' as const };
    for (const url of ['http://localhost:3000/hook', 'http://127.0.0.1/hook', 'https://localhost/x', 'https://127.0.0.5/x', 'https://[::1]/x', 'https://api.localhost/x']) {
      expect(webhookUrlProblem(url, deny), url).toMatch(/CCS_WEBHOOK_LOCAL_TARGETS=deny/);
    }
    expect(webhookUrlProblem('https://hooks.example.com/x', deny)).toBeUndefined();
    expect(webhookUrlProblem('https://10.1.2.3/x', deny)).toBeUndefined();
    expect(webhookUrlProblem('http://localhost:3000/hook', { allowPrivate: false, localTargets: 'allow' })).toBeUndefined();
    expect(webhookUrlProblem('http://localhost:3000/hook', { allowPrivate: false, localTargets: 'trusted' })).toBeUndefined();
  });

  it('tells loopback targets from the rest', () => {
    for (const url of ['http://localhost/x', 'http://127.0.0.1/x', 'https://127.1.2.3/x', 'https://[::1]/x', 'https://[::ffff:127.0.0.1]/x', 'https://a.localhost/x', 'https://0.0.0.0/x']) {
      expect(isLocalTarget(new URL(url)), url).toBe(true);
    }
    for (const url of ['https://hooks.example.com/x', 'https://10.0.0.1/x', 'https://localhost.example.com/x']) {
      expect(isLocalTarget(new URL(url)), url).toBe(false);
    }
  });

  it('lets the operator allow private https targets', () => {
    expect(webhookUrlProblem('https://10.1.2.3/x', { allowPrivate: true })).toBeUndefined();
    expect(webhookUrlProblem('https://localhost:8443/x', { allowPrivate: true })).toBeUndefined();
    // The http rule is the specification's and does not change.
    expect(webhookUrlProblem('http://10.1.2.3/x', { allowPrivate: true })).toMatch(/localhost/);
  });
});

describe('isForbiddenAddress', () => {
  it.each([
    '10.0.0.1', '172.16.5.4', '192.168.0.1', '127.0.0.1', '127.8.9.10', '0.0.0.0', '169.254.169.254', '100.100.100.200',
    '192.0.0.192', '224.0.0.1', '255.255.255.255', '::1', '::', 'fe80::1', 'fd00:ec2::254', 'fc00::1', '::ffff:127.0.0.1',
    '::ffff:192.168.1.1', '64:ff9b::a00:1', '2002:a00:1::', '::7f00:1', '::808:808', 'not-an-ip',
  ])('forbids %s', (ip) => {
    expect(isForbiddenAddress(ip)).toBe(true);
  });

  it.each(['8.8.8.8', '1.1.1.1', '203.0.114.7', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e', '::ffff:8.8.8.8'])('allows %s', (ip) => {
    expect(isForbiddenAddress(ip)).toBe(false);
  });
});

describe('guardedLookup (runs at connect time, so DNS rebinding is caught)', () => {
  function lookup(host: string, all: boolean): Promise<{ err: NodeJS.ErrnoException | null; address: string | LookupAddress[] }> {
    return new Promise((resolve) => guardedLookup(host, { all }, (err, address) => resolve({ err, address })));
  }

  it('refuses a name that resolves to a loopback address, in both callback forms', async () => {
    for (const all of [false, true]) {
      const { err } = await lookup('localhost', all);
      expect(err?.message).toMatch(/localhost resolves to .*private, loopback or link-local/);
      expect((err as { code?: string }).code).toBe('EFORBIDDENADDRESS');
    }
  });

  it('passes DNS failures through', async () => {
    const { err } = await lookup('does-not-exist.invalid', false);
    expect(err?.code).toMatch(/ENOTFOUND|EAI_AGAIN/);
  });
});

describe('validateSubscriptionInput', () => {
  function errorsOf(input: Record<string, unknown>, required = true) {
    try {
      validateSubscriptionInput(input, { allowPrivate: false, required });
      return [];
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      const e = err as AppError;
      expect(e.status).toBe(422);
      expect(e.code).toBe('validation_failed');
      return (e.extra.errors as Array<{ field: string; code: string }>).map((x) => `${x.field}:${x.code}`);
    }
  }

  it('requires url and events on create, not on update', () => {
    expect(errorsOf({})).toEqual(['url:required', 'events:required']);
    expect(errorsOf({}, false)).toEqual([]);
  });

  it('names each bad event by its index', () => {
    expect(errorsOf({ url: 'https://a.example', events: ['deck.created', 'nope', '*', 3] })).toEqual(['events[1]:invalid_event_type', 'events[3]:invalid_event_type']);
  });

  it('accepts a 16-character secret and refuses 15', () => {
    expect(errorsOf({ url: 'https://a.example', events: ['*'], secret: 'x'.repeat(16) })).toEqual([]);
    expect(errorsOf({ url: 'https://a.example', events: ['*'], secret: 'x'.repeat(15) })).toEqual(['secret:invalid_length']);
  });

  it('normalises events: "*" alone, known types deduplicated in a stable order', () => {
    expect(validateSubscriptionInput({ url: 'https://a.example', events: ['binder.created', '*'] }, { allowPrivate: false, required: true }).events).toEqual(['*']);
    expect(
      validateSubscriptionInput({ url: 'https://a.example', events: ['deck.deleted', 'collection.entry.created', 'deck.deleted'] }, { allowPrivate: false, required: true }).events,
    ).toEqual(['collection.entry.created', 'deck.deleted']);
  });
});
