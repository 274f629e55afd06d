#!/usr/bin/env node
// A complete OAuth2 client for the Card Collection Service: a small web app that lets a user
// "Connect your collection", then reads their profile and collection with the access token,
// refreshes it, and disconnects. The protocol side is oauth4webapi (panva), a certified
// client library; use it or another maintained library rather than writing OAuth by hand.
//
// 1. Register the application (or use the portal's OAuth apps tab):
//      npx ccs oauth-client create --user demo --name "Example app" \
//        --redirect-uri http://127.0.0.1:4100/callback --json
// 2. Run it with what that printed:
//      CCS_URL=http://127.0.0.1:8080 CLIENT_ID=... CLIENT_SECRET=... node examples/oauth-client.mjs
//    (leave CLIENT_SECRET out for a public client, created with --public)
// 3. Open http://127.0.0.1:4100 and click "Connect your collection".
//
// Tokens are kept in this process's memory for the demo; a real app stores the refresh token
// encrypted, per user, and never in the browser. The API calls go through the typed client
// `ccs/client` (dist/client/index.js inside this repository), given the current access token.
import http from 'node:http';
import * as oauth from 'oauth4webapi';
import { createCcsClient } from 'ccs/client';

const CCS_URL = process.env.CCS_URL ?? 'http://127.0.0.1:8080';
const CLIENT_ID = process.env.CLIENT_ID;
const CLIENT_SECRET = process.env.CLIENT_SECRET;
const PORT = Number(process.env.PORT ?? 4100);
const REDIRECT_URI = process.env.REDIRECT_URI ?? `http://127.0.0.1:${PORT}/callback`;
const SCOPE = process.env.SCOPE ?? 'profile:read collection:read';

if (!CLIENT_ID) {
  console.error('Set CLIENT_ID (and CLIENT_SECRET for a confidential client); see the comment at the top of this file.');
  process.exit(2);
}

// Plain http is for a server on your own machine only; in production the service is https.
const options = new URL(CCS_URL).protocol === 'http:' ? { [oauth.allowInsecureRequests]: true } : {};
const issuer = new URL(CCS_URL);
const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...options }));
const client = { client_id: CLIENT_ID };
const clientAuth = CLIENT_SECRET ? oauth.ClientSecretBasic(CLIENT_SECRET) : oauth.None();

/** Authorization requests in flight, by state: each remembers its PKCE code verifier. */
const pending = new Map();
/** The connected account's tokens (one user: this is a demo). */
let tokens;

function page(res, status, body) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(`<!doctype html><meta charset="utf-8"><title>Example app</title><h1>Example app</h1>${body}`);
}

const escape = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// The client asks for the token before every request, so a refreshed one is used at once.
const ccs = createCcsClient({ baseUrl: CCS_URL, token: () => tokens.access_token });

async function callApi(path, query) {
  const { data, error, response } = await ccs.GET(path, query ? { params: { query } } : {});
  return { status: response.status, body: data ?? error };
}

async function handle(req, res) {
  const url = new URL(req.url, REDIRECT_URI);
  switch (url.pathname) {
    case '/':
      return page(res, 200, tokens ? '<p>Connected. <a href="/me">See your data</a></p>' : '<p><a href="/login">Connect your collection</a></p>');

    case '/login': {
      // PKCE (S256) on every request; state ties the answer to this request.
      const verifier = oauth.generateRandomCodeVerifier();
      const state = oauth.generateRandomState();
      pending.set(state, verifier);
      const authorize = new URL(as.authorization_endpoint);
      authorize.search = new URLSearchParams({
        response_type: 'code',
        client_id: CLIENT_ID,
        redirect_uri: REDIRECT_URI,
        scope: SCOPE,
        state,
        code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      }).toString();
      res.writeHead(302, { location: authorize.href }).end();
      return;
    }

    case '/callback': {
      const state = url.searchParams.get('state');
      const verifier = state ? pending.get(state) : undefined;
      if (!verifier) return page(res, 400, '<p>Unknown or expired request. <a href="/login">Try again</a></p>');
      pending.delete(state);
      let params;
      try {
        // Checks state and iss, and turns ?error=access_denied into an exception.
        params = oauth.validateAuthResponse(as, client, url, state);
      } catch (err) {
        return page(res, 400, `<p>Not connected: ${escape(err.error ?? err.message)}. <a href="/login">Try again</a></p>`);
      }
      const response = await oauth.authorizationCodeGrantRequest(as, client, clientAuth, params, REDIRECT_URI, verifier, options);
      tokens = await oauth.processAuthorizationCodeResponse(as, client, response);
      res.writeHead(302, { location: '/me' }).end();
      return;
    }

    case '/me': {
      if (!tokens) return page(res, 401, '<p><a href="/login">Connect your collection</a> first.</p>');
      let profile = await callApi('/api/v1/profile');
      // An access token lives an hour: on 401 expired_token, refresh (refresh tokens rotate, keep the new one).
      if (profile.status === 401 && profile.body.code === 'expired_token') {
        tokens = await oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, clientAuth, tokens.refresh_token, options));
        profile = await callApi('/api/v1/profile');
      }
      if (profile.status !== 200) return page(res, 502, `<p>The service said ${profile.status}: ${escape(profile.body.detail ?? '')}</p>`);
      const collection = await callApi('/api/v1/collection', { limit: 5 });
      const entries = collection.status === 200 ? collection.body.data.map((e) => `<li>${e.quantity} × ${escape(e.card.name)}</li>`).join('') : '';
      return page(
        res,
        200,
        `<p>Signed in as <strong data-username>${escape(profile.body.data.username)}</strong> (${escape(profile.body.data.plan)} plan).</p>` +
          `<p>Collection: ${collection.status === 200 ? `${collection.body.meta.total} entries` : `not readable (${collection.status})`}</p><ul>${entries}</ul>` +
          '<p><a href="/refresh">Refresh the token</a> · <a href="/disconnect">Disconnect</a></p>',
      );
    }

    case '/refresh': {
      if (!tokens) return page(res, 401, '<p>Not connected.</p>');
      tokens = await oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, clientAuth, tokens.refresh_token, options));
      res.writeHead(302, { location: '/me' }).end();
      return;
    }

    case '/disconnect': {
      // RFC 7009: revoking the refresh token ends the whole authorization.
      if (tokens) await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, clientAuth, tokens.refresh_token, options));
      tokens = undefined;
      return page(res, 200, '<p>Disconnected. <a href="/login">Connect again</a></p>');
    }

    default:
      return page(res, 404, '<p>Not found.</p>');
  }
}

const server = http.createServer((req, res) => {
  handle(req, res).catch((err) => {
    console.error(err);
    if (!res.headersSent) page(res, 500, `<p>${escape(err.error_description ?? err.message)}</p>`);
  });
});
server.listen(PORT, '127.0.0.1', () => {
  console.log(`Example app listening on http://127.0.0.1:${PORT} (authorization server ${as.issuer})`);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
