import { ERROR_DOCS, FIELD_ERROR_DOCS, WARNING_DOCS } from '../error-docs.js';
import { USER_GUIDES, type Guide } from './guides.js';

/** The service's mark (the portal's favicon): a card in front of a card. */
export const BRAND_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><title>Card Collection Service</title><rect x="6" y="3" width="18" height="25" rx="3" fill="#3b5bdb"/><rect x="9" y="6" width="18" height="25" rx="3" fill="#fff" stroke="#3b5bdb" stroke-width="2"/><path d="M14 14h8M14 18h8M14 22h5" stroke="#3b5bdb" stroke-width="2" stroke-linecap="round"/></svg>';

export const BRAND_NAME = 'Card Collection Service';

/** The pages of /docs/errors and /docs/guides load this stylesheet and the favicon; nothing else. */
export const PAGE_CSP = ["default-src 'none'", "style-src 'self'", "img-src 'self' data:", "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'"].join('; ');

/**
 * Swagger UI: its own scripts and styles (it sets inline style attributes), the OpenAPI
 * document and "Try it out" requests to this server, the logo as a data: image; never framed.
 */
export const SWAGGER_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const PAGE_CSS = `
:root { color-scheme: light; --brand: #3b5bdb; --ink: #1f2330; --muted: #5c6270; --line: #e3e6ee; --tint: #f5f7fc; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: #fff; }
header.site { display: flex; align-items: center; gap: 1.5rem; padding: .75rem 1.5rem; background: var(--ink); color: #fff; }
header.site a { color: #fff; text-decoration: none; }
header.site .brand { display: flex; align-items: center; gap: .6rem; font-weight: 600; font-size: 1.1rem; }
header.site .brand img { width: 28px; height: 28px; }
header.site nav { display: flex; gap: 1.1rem; flex-wrap: wrap; }
header.site nav a { opacity: .85; }
header.site nav a:hover, header.site nav a[aria-current] { opacity: 1; text-decoration: underline; }
main { max-width: 60rem; margin: 0 auto; padding: 1.5rem; }
h1 { font-size: 1.9rem; margin: .5rem 0 1rem; }
h2 { margin-top: 2rem; border-bottom: 1px solid var(--line); padding-bottom: .3rem; }
a { color: var(--brand); }
code, pre { font: .9em/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
code { background: var(--tint); padding: .1em .3em; border-radius: 4px; overflow-wrap: anywhere; }
pre { background: var(--tint); padding: .9rem 1rem; border-radius: 6px; overflow-x: auto; }
pre code { background: none; padding: 0; overflow-wrap: normal; }
main { overflow-wrap: break-word; }
table { border-collapse: collapse; width: 100%; margin: 1rem 0; display: block; overflow-x: auto; }
th, td { border: 1px solid var(--line); padding: .4rem .6rem; text-align: left; vertical-align: top; }
th { background: var(--tint); }
.muted { color: var(--muted); }
.error { border: 1px solid var(--line); border-radius: 8px; padding: .2rem 1rem .6rem; margin: 1rem 0; }
.error:target { border-color: var(--brand); box-shadow: 0 0 0 3px #3b5bdb33; }
.error h3 { display: flex; gap: .75rem; align-items: baseline; margin: .7rem 0 .3rem; font-size: 1.1rem; }
.status { font-weight: 600; color: var(--muted); }
ul.guides { padding-left: 1.2rem; }
ul.guides li { margin: .35rem 0; }
`;

/** Extra styles for Swagger UI: the brand's colours, and no box for loading other documents. */
export const SWAGGER_CSS = `
.swagger-ui .topbar { background: #1f2330; }
.swagger-ui .topbar .download-url-wrapper { display: none; }
.swagger-ui .topbar-wrapper img { height: 36px; }
.swagger-ui .topbar-wrapper > a { flex: 0 0 auto; display: flex; align-items: center; }
.swagger-ui .topbar-wrapper .ccs-name { flex: 1 1 auto; color: #fff; font: 600 18px/1 sans-serif; margin-left: .75rem; }
.swagger-ui .topbar .ccs-links { display: flex; gap: 1.2rem; margin-left: auto; font: 600 14px/1 sans-serif; }
.swagger-ui .topbar .ccs-links a { color: #fff; text-decoration: none; opacity: .85; }
.swagger-ui .topbar .ccs-links a:hover { opacity: 1; text-decoration: underline; }
/* Method badges and Authorize with text dark enough to read (white on green was 2:1). */
.swagger-ui .opblock .opblock-summary-method { color: #1f2330; }
.swagger-ui .btn.authorize { color: #1b5e20; border-color: #1b5e20; }
.swagger-ui .btn.authorize svg { fill: #1b5e20; }
.swagger-ui .opblock-body, .swagger-ui .responses-inner { overflow-x: auto; }
.swagger-ui .markdown code, .swagger-ui .renderedMarkdown code { overflow-wrap: anywhere; }
`;

/** Adds the name and the links to the guides beside Swagger UI's logo (a file of ours, so `script-src 'self'` holds). */
export const SWAGGER_JS = `(function () {
  var links = [['Guides', '/docs/guides'], ['Errors', '/docs/errors'], ['Portal', '/portal/']];
  function add() {
    var bar = document.querySelector('.swagger-ui .topbar-wrapper');
    if (!bar) return false;
    if (bar.querySelector('.ccs-links')) return true;
    var name = document.createElement('span');
    name.className = 'ccs-name';
    name.textContent = ${JSON.stringify(BRAND_NAME)};
    // Beside the logo link, not in it: Swagger UI replaces the link's content with the logo.
    var logo = bar.querySelector('a');
    if (logo) logo.insertAdjacentElement('afterend', name); else bar.appendChild(name);
    var nav = document.createElement('nav');
    nav.className = 'ccs-links';
    nav.setAttribute('aria-label', 'Documentation');
    links.forEach(function (l) { var a = document.createElement('a'); a.href = l[1]; a.textContent = l[0]; nav.appendChild(a); });
    bar.appendChild(nav);
    return true;
  }
  if (!add()) { var seen = new MutationObserver(function () { if (add()) seen.disconnect(); }); seen.observe(document.body, { childList: true, subtree: true }); }
})();
`;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Plain text with `code` spans, as the error catalogue writes it. */
function prose(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

function layout(title: string, current: 'reference' | 'guides' | 'errors', body: string): string {
  const nav: Array<[string, string, typeof current]> = [
    ['API reference', '/docs', 'reference'],
    ['Guides', '/docs/guides', 'guides'],
    ['Errors', '/docs/errors', 'errors'],
  ];
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>${escapeHtml(title)} · ${BRAND_NAME}</title>
<link rel="icon" type="image/svg+xml" href="/docs/assets/favicon.svg">
<link rel="stylesheet" href="/docs/assets/docs.css">
</head>
<body>
<header class="site">
<a class="brand" href="/docs"><img src="/docs/assets/favicon.svg" alt="">${BRAND_NAME}</a>
<nav aria-label="Documentation">${nav.map(([label, href, id]) => `<a href="${href}"${id === current ? ' aria-current="page"' : ''}>${label}</a>`).join('')}<a href="/portal/">Portal</a></nav>
</header>
<main>
${body}
</main>
</body>
</html>
`;
}

/** Every code of the catalogue with its own anchor: the page each problem's `type` URI names. */
export function errorsPage(): string {
  const codes = Object.entries(ERROR_DOCS).sort(([a, x], [b, y]) => x.status - y.status || a.localeCompare(b));
  const body = `<h1>Errors</h1>
<p>Every error is an <a href="https://www.rfc-editor.org/rfc/rfc9457">RFC 9457</a> problem document
(<code>Content-Type: application/problem+json</code>). Branch on <code>code</code>; <code>type</code> is this page with the code as its anchor;
<code>request_id</code> is the one in the server's log (and in the <code>X-Request-Id</code> header).</p>
<pre><code>${escapeHtml(
    JSON.stringify(
      {
        type: 'https://ccs.example.com/docs/errors#insufficient_scope',
        title: 'Insufficient scope',
        status: 403,
        detail: 'Missing required permission: collection:write. This endpoint requires the collection:write scope.',
        code: 'insufficient_scope',
        missing_scope: 'collection:write',
        request_id: '0b7e8c4e-1b8f-4f0e-9d8e-3c2b1a0f9e8d',
      },
      null,
      2,
    ),
  )}</code></pre>
<p>A <code>500</code> is a fault of the service, never of the request: its body carries only <code>request_id</code>, to quote when reporting it.</p>
<h2 id="codes">Codes</h2>
${codes
  .map(
    ([code, doc]) => `<section class="error" id="${escapeHtml(code)}">
<h3><a href="#${escapeHtml(code)}"><code>${escapeHtml(code)}</code></a> <span class="status">${doc.status}</span> ${escapeHtml(doc.title)}</h3>
<p>${prose(doc.when)}</p>
</section>`,
  )
  .join('\n')}
<h2 id="field-codes">Field codes of <code>validation_failed</code></h2>
<p>A 422 lists what is wrong in <code>errors: [{"field", "code", "message"}]</code>. The common field codes:</p>
${codeTable(FIELD_ERROR_DOCS, 'field')}
<h2 id="warning-codes">Warning codes</h2>
<p>A request that succeeded but did something other than asked says so in <code>meta.warnings: [{"line", "code", "message"}]</code>:</p>
${codeTable(WARNING_DOCS, 'warning')}
<p class="muted">Feature-specific codes (deck legality problems, import rows) are described in the <a href="/docs/guides">guides</a>.</p>`;
  return layout('Errors', 'errors', body);
}

/** A table of codes and what they mean, each row anchored as `<prefix>-<code>`. */
function codeTable(docs: Record<string, string>, prefix: string): string {
  const rows = Object.entries(docs).map(([code, meaning]) => `<tr id="${prefix}-${escapeHtml(code)}"><td><code>${escapeHtml(code)}</code></td><td>${prose(meaning)}</td></tr>`);
  return `<table>
<thead><tr><th>code</th><th>meaning</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>`;
}

export function guidesIndexPage(guides: Guide[]): string {
  const byName = new Map(guides.map((g) => [g.name, g]));
  const user = USER_GUIDES.map((n) => byName.get(n)).filter((g): g is Guide => g !== undefined);
  const design = guides.filter((g) => !(USER_GUIDES as readonly string[]).includes(g.name));
  const item = (g: Guide) => `<li><a href="/docs/guides/${g.name}">${escapeHtml(g.title)}</a></li>`;
  const body = `<h1>Guides</h1>
<p>How to use the API beyond the <a href="/docs">reference</a>: webhooks, card search, OAuth for applications, imports and exports, and running the service.</p>
<ul class="guides">
${user.map(item).join('\n')}
</ul>
${design.length ? `<h2 id="design">Design notes</h2>\n<p>How the service is built, for people who change it.</p>\n<ul class="guides">\n${design.map(item).join('\n')}\n</ul>` : ''}`;
  return layout('Guides', 'guides', body);
}

export function guidePage(guide: Guide): string {
  return layout(guide.title, 'guides', `<p class="muted"><a href="/docs/guides">Guides</a></p>\n${guide.html}`);
}
