import { inject } from 'vitest';

const rnd = () => 1 + Math.floor(Math.random() * 250);

/** A node-side API client for test setup, behaving like a browser: CSRF cookie + token, bearer token. */
export class Api {
  private cookie = '';
  private csrf = '';
  token = '';
  readonly base = inject('baseUrl');
  /** This client's own address, as a proxy would forward it (the e2e server trusts its proxy). */
  private readonly address = `10.${rnd()}.${rnd()}.${rnd()}`;

  async init(): Promise<this> {
    const res = await fetch(`${this.base}/api/ping`, { headers: { 'x-forwarded-for': this.address } });
    this.csrf = res.headers.get('x-csrf-token') ?? '';
    this.cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    return this;
  }

  async call<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }> {
    const res = await fetch(`${this.base}/api${path}`, {
      method,
      headers: {
        'x-forwarded-for': this.address,
        cookie: this.cookie,
        'x-csrf-token': this.csrf,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as T };
  }
}

export const PASSWORD = 'Bote-at-plastik-42';
let n = 0;
export const uniqueEmail = (prefix: string) => `${prefix}.${Date.now()}.${n++}@example.ph`;

/** Registers an organization through the API and returns its admin, signed in. */
export async function registerAdmin(company = 'E2E Recyclers') {
  const email = uniqueEmail('admin');
  const api = await new Api().init();
  const signup = await api.call('POST', '/auth/signup', {
    email,
    password: PASSWORD,
    firstName: 'Erika',
    lastName: 'Admin',
    companyName: company,
  });
  if (signup.status !== 201) throw new Error(`signup: ${JSON.stringify(signup.body)}`);
  const login = await api.call<{ session: { access_token: string } }>('POST', '/auth/login', {
    email,
    password: PASSWORD,
  });
  api.token = login.body.session.access_token;
  return { api, email };
}
