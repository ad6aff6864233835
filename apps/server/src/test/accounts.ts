import type { App } from '../app.ts';
import { client, type TestClient } from './http.ts';

export const TEST_PASSWORD = 'Bote-at-plastik-42';
let n = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}.${Date.now()}.${n++}@example.ph`;

/** Registers a new organization and returns its admin, signed in. */
export async function newOrganization(
  app: App,
  company = 'Test Recyclers Inc.',
): Promise<{ admin: TestClient; email: string; organizationId: string }> {
  const email = uniqueEmail('admin');
  const c = await client(app);
  const res = await c.post('/api/auth/signup', {
    email,
    password: TEST_PASSWORD,
    firstName: 'Ada',
    lastName: 'Admin',
    companyName: company,
  });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.body}`);
  await c.login(email, TEST_PASSWORD);
  const me = (await c.get('/api/dashboard/users/me')).json();
  return { admin: c, email, organizationId: me.organization.id };
}
