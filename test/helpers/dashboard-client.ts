import type { TestServer } from './harness.js';

export interface PageResponse {
  status: number;
  location: string | null;
  text: string;
  headers: Headers;
  setCookies: string[];
}

/**
 * A browser-like client of the dashboard over plain HTTP: a cookie jar, forms posted
 * urlencoded with the CSRF token of the last page read (as a browser posts the form it shows).
 */
export class DashboardClient {
  readonly jar = new Map<string, string>();
  /** The CSRF token of the last page that carried one. */
  csrf = '';

  constructor(private readonly server: TestServer) {}

  private keep(res: Response): string[] {
    const set = res.headers.getSetCookie();
    for (const line of set) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      if (value && !/Max-Age=0/i.test(line)) this.jar.set(name, value);
      else this.jar.delete(name);
    }
    return set;
  }

  cookieHeader(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private async answer(res: Response): Promise<PageResponse> {
    const setCookies = this.keep(res);
    const text = await res.text();
    const token = /name="_csrf" value="([^"]+)"/.exec(text)?.[1];
    if (token) this.csrf = token;
    return {
      status: res.status,
      location: res.headers.get('location'),
      text,
      headers: res.headers,
      setCookies,
    };
  }

  async get(path: string): Promise<PageResponse> {
    const res = await fetch(this.server.url + path, {
      headers: { cookie: this.cookieHeader() },
      redirect: 'manual',
    });
    return this.answer(res);
  }

  /** Posts a form; `csrf: false` leaves the token out (what a forged cross-site form would send). */
  async post(
    path: string,
    form: Record<string, string>,
    opts: { csrf?: boolean } = {},
  ): Promise<PageResponse> {
    const body = new URLSearchParams(opts.csrf === false ? form : { _csrf: this.csrf, ...form });
    const res = await fetch(this.server.url + path, {
      method: 'POST',
      headers: { cookie: this.cookieHeader(), 'content-type': 'application/x-www-form-urlencoded' },
      body,
      redirect: 'manual',
    });
    return this.answer(res);
  }

  /** Signs in with a key (or the operator token) through the sign-in form. */
  async signIn(credential: string): Promise<PageResponse> {
    await this.get('/dashboard/sign-in');
    return this.post('/dashboard/sign-in', { credential });
  }
}

/** The text of an element with this id in a page (first match, tags stripped). */
export function textOf(html: string, id: string): string | undefined {
  const m = new RegExp(`id="${id}"[^>]*>([\\s\\S]*?)</`).exec(html);
  return m?.[1].replace(/<[^>]+>/g, '').trim();
}
