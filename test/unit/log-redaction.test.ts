import { describe, expect, it } from 'vitest';
import { redactUrl } from '../../src/http/request-logger.js';

describe('request URLs in the log', () => {
  it('replaces the values of query parameters that carry credentials, by name or by a ccs_ value', () => {
    expect(redactUrl('/api/v1/profile?access_token=ccs_live_abc')).toBe('/api/v1/profile?access_token=[redacted]');
    expect(redactUrl('/oauth/token?client_secret=s3cret&grant_type=x')).toBe('/oauth/token?client_secret=[redacted]&grant_type=x');
    expect(redactUrl('/oauth/authorize?code_challenge=abc&state=1&redirect_uri=https%3A%2F%2Fa')).toBe('/oauth/authorize?code_challenge=[redacted]&state=1&redirect_uri=https%3A%2F%2Fa');
    expect(redactUrl('/api/v1/cards/search?q=ccs_live_pasted_by_mistake')).toBe('/api/v1/cards/search?q=[redacted]');
  });

  it('leaves everything else as it came', () => {
    for (const url of ['/api/v1/collection', '/api/v1/collection?limit=50&cursor=abc', '/api/v1/cards/search?q=t%3Aelf', '/x?flag', '/x?api_key=']) {
      expect(redactUrl(url)).toBe(url);
    }
  });
});
