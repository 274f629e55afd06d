import { describe, expect, it } from 'vitest';
import { isAccessTokenShape } from '../../src/auth/oauth-token-format.js';
import { scopeOf } from '../../src/oauth/adapter.js';
import { clientMetadata, redirectUriProblem, validateClientInput } from '../../src/oauth/clients.js';
import { consentPage, escapeHtml, orderScopes, pageCsp, protocolErrorPage, redirectSource } from '../../src/oauth/pages.js';
import { authorizationServerMetadata, onlyQueryResponseMode, consentCsrfToken } from '../../src/oauth/routes.js';
import { acceptsResource, FOREIGN_RESOURCE, tokenRequestResource } from '../../src/oauth/resources.js';
import { groupAuthorizations } from '../../src/oauth/service.js';
import type { GrantRow, OAuthClientRow } from '../../src/oauth/store.js';

describe('redirect URIs', () => {
  it('accepts https anywhere and http only on loopback hosts', () => {
    for (const ok of ['https://app.example/cb', 'https://app.example:8443/a/b?x=1', 'http://localhost:3000/cb', 'http://127.0.0.1/cb', 'http://[::1]:8080/cb']) {
      expect(redirectUriProblem(ok), ok).toBeUndefined();
    }
  });

  it('refuses what could not be compared exactly or safely', () => {
    expect(redirectUriProblem('')).toBe('is required');
    expect(redirectUriProblem('/relative')).toMatch(/absolute URL/);
    expect(redirectUriProblem('http://example.com/cb')).toMatch(/localhost/);
    expect(redirectUriProblem('http://127.0.0.1.nip.io/cb')).toMatch(/localhost/);
    expect(redirectUriProblem('javascript:alert(1)')).toMatch(/https/);
    expect(redirectUriProblem('com.example.app:/cb')).toMatch(/https/);
    expect(redirectUriProblem('https://user:pass@app.example/cb')).toMatch(/credentials/);
    expect(redirectUriProblem('https://app.example/cb#x')).toMatch(/fragment/);
    expect(redirectUriProblem('https://app.example/cb#')).toMatch(/fragment/);
    expect(redirectUriProblem('https://APP.example/cb')).toBe('must be written exactly as https://app.example/cb (redirect URIs are compared character for character)');
    expect(redirectUriProblem('https://app.example')).toMatch(/exactly as https:\/\/app\.example\//);
    expect(redirectUriProblem(`https://app.example/${'a'.repeat(2000)}`)).toMatch(/at most/);
  });

  it('validates a whole registration and removes duplicate URIs', () => {
    const ok = validateClientInput({ name: ' App ', homepage_url: '', redirect_uris: ['https://a.example/cb', ' https://a.example/cb '], type: 'public' });
    expect(ok.value).toEqual({ name: 'App', homepageUrl: null, redirectUris: ['https://a.example/cb'], type: 'public' });
    const bad = validateClientInput({ name: '', homepage_url: 'mailto:x@y', redirect_uris: Array(11).fill('https://a.example/cb'), type: 'confidential' });
    expect(bad.value).toBeUndefined();
    expect(bad.errors.map((e) => e.field)).toEqual(['name', 'homepage_url', 'redirect_uris']);
  });
});

describe('client metadata for oidc-provider', () => {
  const row: OAuthClientRow = {
    id: 'c1',
    user_id: 'u1',
    name: 'App',
    homepage_url: null,
    redirect_uris: '["https://a.example/cb"]',
    type: 'confidential',
    secret_hash: 'abc',
    secret_hint: 'wxyz',
    created_at: '2026-11-22T10:00:00.000Z',
    updated_at: '2026-11-22T10:00:00.000Z',
  };

  it('gives a confidential client its secret hash and secret auth; a public one none', () => {
    expect(clientMetadata(row)).toMatchObject({ client_id: 'c1', client_secret: 'abc', token_endpoint_auth_method: 'client_secret_basic', application_type: 'web' });
    const pub = clientMetadata({ ...row, type: 'public', secret_hash: null });
    expect(pub.token_endpoint_auth_method).toBe('none');
    expect(pub).not.toHaveProperty('client_secret');
    expect(pub.grant_types).toEqual(['authorization_code', 'refresh_token']);
    expect(pub.response_types).toEqual(['code']);
  });
});

describe('authorizations in the portal', () => {
  const grant = (g: Partial<GrantRow>): GrantRow => ({
    grant_id: 'g',
    client_id: 'c1',
    scope: 'profile:read',
    created_at: '2026-11-22T10:00:00.000Z',
    last_used_at: null,
    name: 'App',
    homepage_url: null,
    ...g,
  });

  it('shows one line per application with every scope, the latest consent and the latest use', () => {
    const out = groupAuthorizations([
      grant({ grant_id: 'g2', scope: 'decks:read profile:read', created_at: '2026-11-22T12:00:00.000Z', last_used_at: '2026-11-22T12:30:00.000Z' }),
      grant({ grant_id: 'g1', scope: 'collection:write', created_at: '2026-11-22T10:00:00.000Z', last_used_at: '2026-11-22T13:00:00.000Z' }),
      grant({ grant_id: 'g3', client_id: 'c2', name: 'Other', created_at: '2026-11-22T11:00:00.000Z' }),
    ]);
    expect(out).toEqual([
      {
        client_id: 'c1',
        name: 'App',
        homepage_url: null,
        scopes: ['collection:write', 'decks:read', 'profile:read'],
        granted_at: '2026-11-22T12:00:00.000Z',
        first_granted_at: '2026-11-22T10:00:00.000Z',
        last_used_at: '2026-11-22T13:00:00.000Z',
        grants: 2,
      },
      expect.objectContaining({ client_id: 'c2', grants: 1, last_used_at: null }),
    ]);
  });

  it('reads a grant\u2019s scopes from every resource it covers', () => {
    expect(scopeOf('Grant', { resources: { 'http://a/api/v1': 'profile:read cards:read', 'http://b/api/v1': 'cards:read' } } as never)).toBe('profile:read cards:read');
    expect(scopeOf('Grant', {})).toBeNull();
    expect(scopeOf('AccessToken', { scope: 'profile:read' })).toBe('profile:read');
  });
});

describe('pages', () => {
  it('escapes everything a developer typed', () => {
    const html = consentPage({
      uid: 'u1',
      csrfToken: 't',
      appName: '<script>alert(1)</script>',
      homepageUrl: 'https://a.example/"><img src=x onerror=alert(1)>',
      redirectUri: 'https://a.example/cb',
      username: 'bob',
      scopes: ['profile:read'],
    });
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('"><img');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#39;');
  });

  it('lets the consent form\u2019s redirects reach the application and nothing else', () => {
    expect(redirectSource('http://127.0.0.1:9/callback?x=1')).toBe('http://127.0.0.1:9');
    expect(redirectSource('https://a.example/cb')).toBe('https://a.example');
    expect(redirectSource('not a url')).toBeUndefined();
    const csp = pageCsp(['https://a.example']);
    expect(csp).toContain("form-action 'self' https://a.example");
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/]+=*'/);
  });

  it('orders scopes as the catalogue does and drops unknown ones', () => {
    expect(orderScopes(['profile:read', 'nope', 'collection:read'])).toEqual(['collection:read', 'profile:read']);
  });

  it('explains a bad redirect URI in words, with the protocol error for the developer', () => {
    const page = protocolErrorPage({ error: 'invalid_redirect_uri', error_description: "redirect_uri did not match any of the client's registered redirect_uris" });
    expect(page.message).toContain('has not registered');
    expect(page.details).toContain('invalid_redirect_uri');
  });
});

describe('protocol helpers', () => {
  it('lists exactly the contract\u2019s metadata fields, and RFC 9207\u2019s flag for the iss every authorization response carries', () => {
    expect(authorizationServerMetadata('https://x.example').authorization_response_iss_parameter_supported).toBe(true);
    expect(Object.keys(authorizationServerMetadata('https://x.example')).sort()).toEqual([
      'authorization_endpoint',
      'authorization_response_iss_parameter_supported',
      'code_challenge_methods_supported',
      'grant_types_supported',
      'issuer',
      'response_types_supported',
      'revocation_endpoint',
      'scopes_supported',
      'token_endpoint',
      'token_endpoint_auth_methods_supported',
    ]);
  });

  it('leaves an authorization request answered in the query as it is, and makes any other response_mode one the provider refuses', () => {
    const plain = '/oauth/authorize?response_type=code&client_id=a&state=s%20t';
    expect(onlyQueryResponseMode(plain)).toBe(plain);
    expect(onlyQueryResponseMode(`${plain}&response_mode=query`)).toBe(`${plain}&response_mode=query`);
    expect(onlyQueryResponseMode('/oauth/authorize')).toBe('/oauth/authorize');
    for (const mode of ['form_post', 'fragment', 'query.jwt', 'jwt', '']) {
      const url = new URL(onlyQueryResponseMode(`${plain}&response_mode=${mode}`), 'http://x');
      expect(url.searchParams.getAll('response_mode'), mode).toEqual(['unsupported']);
      expect(url.searchParams.get('state')).toBe('s t');
    }
    // Twice, once of them query: still not an answer in the query alone.
    expect(new URL(onlyQueryResponseMode(`${plain}&response_mode=query&response_mode=form_post`), 'http://x').searchParams.getAll('response_mode')).toEqual(['unsupported']);
  });

  it('makes a response_type holding token one the provider refuses, so its error is not sent in the fragment', () => {
    for (const type of ['token', 'code token', 'code id_token', 'id_token']) {
      const url = new URL(onlyQueryResponseMode(`/oauth/authorize?response_type=${encodeURIComponent(type)}&client_id=a&state=s`), 'http://x');
      expect(url.searchParams.getAll('response_type'), type).toEqual(['unsupported']);
      expect(url.searchParams.get('state')).toBe('s');
    }
    const both = new URL(onlyQueryResponseMode('/oauth/authorize?response_type=token&response_mode=fragment'), 'http://x');
    expect([both.searchParams.get('response_type'), both.searchParams.get('response_mode')]).toEqual(['unsupported', 'unsupported']);
  });

  it('resolves a token request\'s resource as the provider will, before the code or refresh token is spent', () => {
    const own = 'http://127.0.0.1:8080/api/v1';
    const other = 'http://127.0.0.1:8081/api/v1';
    const isOurs = (i: string) => i === own || i === 'http://localhost:8080/api/v1';
    const resolve = (requested: unknown, granted: unknown) => tokenRequestResource({ requested, granted, own, isOurs });
    // Not named again: the granted one, whichever of the deployment's names it holds.
    expect(resolve(undefined, own)).toBe(own);
    expect(resolve(undefined, other)).toBe(other);
    expect(resolve(undefined, undefined)).toBeUndefined();
    // Named: granted, and one of this server's names.
    expect(resolve(own, own)).toBe(own);
    expect(resolve(other, other)).toBe(FOREIGN_RESOURCE);
    expect(resolve('http://localhost:8080/api/v1', own)).toBe(FOREIGN_RESOURCE);
    expect(resolve('https://evil.example/', own)).toBe(FOREIGN_RESOURCE);
    expect(resolve(own, undefined)).toBe(FOREIGN_RESOURCE);
    // Several: the provider takes the default (our own API), which the grant must hold.
    expect(resolve([own, other], [own, other])).toBe(own);
    expect(resolve([own, other], other)).toBe(FOREIGN_RESOURCE);
    expect(acceptsResource(other, own, isOurs, new Set([other]))).toBe(true);
    expect(acceptsResource(other, own, isOurs, undefined)).toBe(false);
    expect(acceptsResource('http://localhost:8080/api/v1', own, isOurs, undefined)).toBe(true);
  });

  it('binds the consent CSRF token to the session and to the request', () => {
    const t = consentCsrfToken('session-a', 'uid-1');
    expect(t).toBe(consentCsrfToken('session-a', 'uid-1'));
    expect(t).not.toBe(consentCsrfToken('session-b', 'uid-1'));
    expect(t).not.toBe(consentCsrfToken('session-a', 'uid-2'));
  });

  it('recognises an access token by its shape before any look-up', () => {
    expect(isAccessTokenShape(`ccs_at_${'a'.repeat(43)}`)).toBe(true);
    expect(isAccessTokenShape(`ccs_at_${'a'.repeat(42)}`)).toBe(false);
    expect(isAccessTokenShape(`ccs_rt_${'a'.repeat(43)}`)).toBe(false);
    expect(isAccessTokenShape(`ccs_at_${'a'.repeat(42)}!`)).toBe(false);
  });
});
