import { describe, expect, it } from 'vitest';
import { redactUrl } from '../../src/http/request-logger.js';

describe('request URLs in the log', () => {
  it('replaces the values of query parameters that carry credentials, by name or by a ccs_ value', () => {
    expect(redactUrl('/api/v1/profile?access_token=ccs_live_abc')).toBe('/api/v1/profile?access_token=[redacted]');
    expect(redactUrl('/oauth/token?client_secret=s3cret&grant_type=x')).toBe('/oauth/token?client_secret=[redacted]&grant_type=x');
    expect(redactUrl('/oauth/authorize?code_challenge=abc&state=1&redirect_uri=https%3A%2F%2Fa')).toBe('/oauth/authorize?code_challenge=[redacted]&state=1&redirect_uri=https%3A%2F%2Fa');
    expect(redactUrl('/api/v1/cards/search?q=ccs_live_pasted_by_mistake')).toBe('/api/v1/cards/search?q=[redacted]');
  });

  it('finds a credential however the URL carries it: encoded, mid-value, without =, in a name, in the path', () => {
    expect(redactUrl('/api/v1/cards/search?ccs_live_X')).toBe('/api/v1/cards/search?[redacted]');
    expect(redactUrl('/api/v1/cards/search?q=ccs%5Flive_X&limit=5')).toBe('/api/v1/cards/search?q=[redacted]&limit=5');
    expect(redactUrl('/api/v1/cards/search?q=foo%20ccs_live_X')).toBe('/api/v1/cards/search?q=[redacted]');
    expect(redactUrl('/api/v1/cards/search?q=foo+whsec_abc')).toBe('/api/v1/cards/search?q=[redacted]');
    expect(redactUrl('/x?to%6Ben=X')).toBe('/x?to%6Ben=[redacted]');
    expect(redactUrl('/api/v1/collection/ccs_live_X')).toBe('/api/v1/collection/[redacted]');
    expect(redactUrl('/api/v1/collection/ccs%5Flive_X?limit=1')).toBe('/api/v1/collection/[redacted]?limit=1');
    expect(redactUrl('/x?%zz=ccs_live_X')).toBe('/x?%zz=[redacted]');
    // An invalid escape beside it, or the credential encoded twice, hides nothing.
    expect(redactUrl('/api/v1/cards/search?q=%ZZ%63cs_live_SECRET')).toBe('/api/v1/cards/search?q=[redacted]');
    expect(redactUrl('/api/v1/cards/search?q=%2563cs_live_SECRET')).toBe('/api/v1/cards/search?q=[redacted]');
  });

  it('leaves everything else as it came', () => {
    for (const url of ['/api/v1/collection', '/api/v1/collection?limit=50&cursor=abc', '/api/v1/cards/search?q=t%3Aelf', '/x?flag', '/x?api_key=']) {
      expect(redactUrl(url)).toBe(url);
    }
  });
});
