import { createHash } from 'node:crypto';
import { SCOPE_CONSENT_TEXT, SCOPES, type Scope } from '../auth/scopes.js';

/**
 * The authorization server's own pages (consent and errors): server-rendered HTML with no
 * script at all, one inline stylesheet allowed by its hash, and nothing from elsewhere.
 */

const CSS = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px;background:#f4f5f7;color:#1d2330;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{width:100%;max-width:480px;background:#fff;border:1px solid #dde1e8;border-radius:12px;padding:28px 32px;box-shadow:0 1px 3px rgba(20,30,50,.08)}
.brand{margin:0 0 16px;font-size:13px;font-weight:600;letter-spacing:.02em;color:#5b6577;text-transform:uppercase}
h1{margin:0 0 8px;font-size:22px;line-height:1.3;overflow-wrap:anywhere}
h2{margin:20px 0 8px;font-size:16px;overflow-wrap:anywhere}
p{margin:0 0 12px}
a{color:#2453c4}
.muted{color:#5b6577;font-size:14px}
.app{margin-bottom:4px;word-break:break-all}
ul.scopes{margin:0 0 16px;padding:0;list-style:none;border:1px solid #e4e7ed;border-radius:8px}
ul.scopes li{padding:10px 14px;border-top:1px solid #e4e7ed}
ul.scopes li:first-child{border-top:0}
ul.scopes code{display:block;margin-top:2px;font-size:12px;color:#5b6577}
.actions{display:flex;gap:12px;justify-content:flex-end;margin-top:20px}
button{font:inherit;font-weight:600;padding:9px 20px;border-radius:8px;border:1px solid transparent;cursor:pointer}
button.primary{background:#2453c4;color:#fff}
button.primary:hover{background:#1c43a0}
button.secondary{background:#fff;color:#1d2330;border-color:#c4cad4}
button.link{padding:0;border:0;background:none;color:#2453c4;font-weight:400;text-decoration:underline}
form.inline{display:inline}
.details{margin-top:16px;padding:10px 12px;background:#f4f5f7;border-radius:8px;font:13px/1.4 ui-monospace,SFMono-Regular,Menlo,monospace;word-break:break-word}
`;

const STYLE_HASH = `'sha256-${createHash('sha256').update(CSS).digest('base64')}'`;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/**
 * Content-Security-Policy of these pages. `form-action` must also allow the application's
 * redirect URI: after Allow or Deny the browser follows our redirects to it, and browsers
 * apply the form's `form-action` to every hop of that navigation.
 */
export function pageCsp(formTargets: string[] = []): string {
  return [
    "default-src 'none'",
    `style-src ${STYLE_HASH}`,
    "img-src 'self' data:",
    `form-action 'self'${formTargets.map((t) => ` ${t}`).join('')}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

/** The CSP source that lets a redirect reach `uri`: its origin (registered URIs are http or https). */
export function redirectSource(uri: string): string | undefined {
  try {
    const url = new URL(uri);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<link rel="icon" type="image/svg+xml" href="/docs/assets/favicon.svg">
<title>${escapeHtml(title)} · Card Collection Service</title>
<style>${CSS}</style>
</head>
<body>
<main>
<p class="brand">Card Collection Service</p>
${body}
</main>
</body>
</html>
`;
}

export interface ConsentPageInput {
  uid: string;
  csrfToken: string;
  appName: string;
  homepageUrl: string | null;
  redirectUri: string;
  username: string;
  scopes: Scope[];
}

/** The scopes requested, in the catalogue's order. */
export function orderScopes(requested: Iterable<string>): Scope[] {
  const set = new Set(requested);
  return SCOPES.filter((s) => set.has(s));
}

export function consentPage(input: ConsentPageInput): string {
  const app = escapeHtml(input.appName);
  const action = `/oauth/interaction/${encodeURIComponent(input.uid)}`;
  const csrf = `<input type="hidden" name="csrf_token" value="${escapeHtml(input.csrfToken)}">`;
  const scopes = input.scopes
    .map((s) => `<li><span>${escapeHtml(SCOPE_CONSENT_TEXT[s])}</span><code>${escapeHtml(s)}</code></li>`)
    .join('\n');
  let destination = input.redirectUri;
  try {
    destination = new URL(input.redirectUri).host;
  } catch {
    /* shown as registered */
  }
  return layout(
    `Authorize ${input.appName}`,
    `<h1>Allow <strong>${app}</strong> to use your account?</h1>
${input.homepageUrl ? `<p class="app"><a href="${escapeHtml(input.homepageUrl)}" rel="noopener noreferrer" target="_blank">${escapeHtml(input.homepageUrl)}</a></p>` : ''}
<div class="muted">Signed in as <strong>${escapeHtml(input.username)}</strong>.
<form class="inline" method="post" action="${action}/switch">${csrf}<button type="submit" class="link">Not you?</button></form></div>
<h2>${app} will be able to:</h2>
<ul class="scopes">
${scopes}
</ul>
<p class="muted">It acts for you until you revoke it under <a href="/portal/authorized-apps">Authorized apps</a> in the developer portal. Either way you go back to <strong>${escapeHtml(destination)}</strong>.</p>
<form method="post" action="${action}/decision">
${csrf}
<div class="actions">
<button type="submit" name="decision" value="deny" class="secondary">Deny</button>
<button type="submit" name="decision" value="allow" class="primary">Allow</button>
</div>
</form>`,
  );
}

export function errorPage(title: string, message: string, details?: string): string {
  return layout(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
${details ? `<p class="details">${escapeHtml(details)}</p>` : ''}
<p class="muted"><a href="/portal/">Developer portal</a></p>`,
  );
}

/** What a person reads when the authorization request itself is wrong (no redirect is made). */
export function protocolErrorPage(out: { error: string; error_description?: string | undefined }): { title: string; message: string; details: string } {
  const details = out.error_description ? `${out.error}: ${out.error_description}` : out.error;
  switch (out.error) {
    case 'invalid_redirect_uri':
      return {
        title: 'This request cannot be completed',
        message: 'The application asked to send you back to an address it has not registered, so you were not sent there. Tell the application\u2019s developer.',
        details,
      };
    case 'invalid_client':
      return { title: 'Unknown application', message: 'The application that sent you here is not registered with this service.', details };
    case 'invalid_request':
      if (/expired|not found|session/i.test(out.error_description ?? '')) {
        return { title: 'This request has expired', message: 'Go back to the application and start again.', details };
      }
      return { title: 'This request cannot be completed', message: 'The application sent a request this service cannot accept.', details };
    default:
      return { title: 'This request cannot be completed', message: 'The application sent a request this service cannot accept.', details };
  }
}
