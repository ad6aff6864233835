import type { App } from '../app.ts';

const rnd = () => 1 + Math.floor(Math.random() * 250);

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A browser-like API client for tests: keeps the CSRF cookie and token from GET /api/ping and,
 * once signed in, the bearer token.
 */
export class TestClient {
  cookie = '';
  csrf = '';
  token = '';

  constructor(
    readonly app: App,
    // Each client its own loopback address, so per-IP rate limits of one test don't hit another.
    readonly ip = `127.${rnd()}.${rnd()}.${rnd()}`,
  ) {}

  async init(): Promise<this> {
    const res = await this.app.inject({ url: '/api/ping', remoteAddress: this.ip });
    this.csrf = String(res.headers['x-csrf-token']);
    const setCookie = res.headers['set-cookie'];
    this.cookie = String(Array.isArray(setCookie) ? setCookie[0] : setCookie).split(';')[0] ?? '';
    return this;
  }

  request(method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) {
    return this.app.inject({
      method,
      url,
      remoteAddress: this.ip,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: {
        cookie: this.cookie,
        'x-csrf-token': this.csrf,
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        ...headers,
      },
    });
  }

  get = (url: string, headers?: Record<string, string>) => this.request('GET', url, undefined, headers);
  post = (url: string, payload?: unknown, headers?: Record<string, string>) =>
    this.request('POST', url, payload ?? {}, headers);
  patch = (url: string, payload: unknown) => this.request('PATCH', url, payload);
  delete = (url: string) => this.request('DELETE', url);

  async login(email: string, password: string): Promise<this> {
    const res = await this.post('/api/auth/login', { email, password });
    if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
    this.token = res.json().session.access_token;
    return this;
  }
}

export const client = (app: App, ip?: string) => new TestClient(app, ip).init();
