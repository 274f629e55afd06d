import { describe, expect, it } from 'vitest';
import { corsApplies, preflightHeaders } from '../../src/http/cors.js';

describe('CORS for the JSON API', () => {
  it('covers /api/v1 and nothing else (the portal authenticates with a cookie)', () => {
    expect(corsApplies('/api/v1/collection?limit=5')).toBe(true);
    expect(corsApplies('/portal/api/session')).toBe(false);
    expect(corsApplies('/oauth/token')).toBe(false);
    expect(corsApplies('/api/v10/collection')).toBe(false);
  });

  it('grants a preflight for a method the path answers, with the headers a client sends', () => {
    const granted = preflightHeaders({ origin: 'https://app.example', method: 'PATCH' }, ['GET', 'HEAD', 'PATCH', 'DELETE']);
    expect(granted).toEqual({
      'access-control-allow-methods': 'GET, HEAD, PATCH, DELETE',
      'access-control-allow-headers': 'authorization, content-type, idempotency-key, if-match, if-none-match',
      'access-control-max-age': '7200',
    });
  });

  it('grants nothing for a method the path does not answer, or an OPTIONS that is not a preflight', () => {
    expect(preflightHeaders({ origin: 'https://app.example', method: 'DELETE' }, ['GET', 'HEAD'])).toBeUndefined();
    expect(preflightHeaders({ origin: 'https://app.example' }, ['GET', 'HEAD'])).toBeUndefined();
    expect(preflightHeaders({ method: 'GET' }, ['GET', 'HEAD'])).toBeUndefined();
  });
});
