import type { ApiResponse } from './server.js';

export interface PortalRequestOptions {
  body?: unknown;
  /** A body sent as it is (with the caller's content-type), e.g. a form post. */
  rawBody?: string;
  /** false: send no X-CSRF-Token; a string: send that instead of the session's. */
  csrf?: boolean | string;
  headers?: Record<string, string>;
}

/**
 * A browser stand-in for the portal's JSON API: keeps cookies like a browser would
 * and sends the CSRF token it was given by GET /portal/api/session.
 */
export class PortalClient {
  readonly cookies = new Map<string, string>();
  csrf = '';
  lastSetCookies: string[] = [];

  constructor(readonly baseUrl: string) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request<T = any>(method: string, path: string, opts: PortalRequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    const csrf = opts.csrf ?? true;
    if (csrf === true && method !== 'GET' && this.csrf) headers['x-csrf-token'] = this.csrf;
    if (typeof csrf === 'string') headers['x-csrf-token'] = csrf;
    const res = await fetch(this.baseUrl + path, {
      method,
      headers,
      body: opts.rawBody ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
      redirect: 'manual',
    });
    this.lastSetCookies = res.headers.getSetCookie();
    for (const c of this.lastSetCookies) {
      const [pair, ...attrs] = c.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=thu, 01 jan 1970/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON */
    }
    return { status: res.status, headers: res.headers, body: body as T, text };
  }

  /** GET /portal/api/session and remember its CSRF token. */
  async session(): Promise<ApiResponse> {
    const res = await this.request('GET', '/portal/api/session');
    if (res.status === 200) this.csrf = res.body.data.csrf_token;
    return res;
  }

  async signUp(username: string, password = 'correct horse battery', email = `${username}@example.com`): Promise<ApiResponse> {
    if (!this.csrf) await this.session();
    const res = await this.request('POST', '/portal/api/sign-up', { body: { username, email, password } });
    if (res.status === 201) this.csrf = res.body.data.csrf_token;
    return res;
  }

  async signIn(login: string, password: string): Promise<ApiResponse> {
    if (!this.csrf) await this.session();
    const res = await this.request('POST', '/portal/api/sign-in', { body: { login, password } });
    if (res.status === 200) this.csrf = res.body.data.csrf_token;
    return res;
  }
}
