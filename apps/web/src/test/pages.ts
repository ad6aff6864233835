// Test helpers shared by the account pages' tests (not imported by app code).
import { type MemberRole, userSchema } from '@plastrace/shared';
import type { RouteObject } from 'react-router';
import { type Handler, json, storeSession, wireUser } from './fakeApi.ts';
import { emptyPageSchema, errorWire, wire } from './wire.ts';

/** The signed-in member as the server sends it, with the given role. */
export const wireUserAs = (role: MemberRole, extra: Partial<typeof wireUser> = {}) =>
  wire(userSchema, { ...wireUser, role, ...extra });

/** Stores a session for a member with `role` and returns the `/users/me` fake that matches it. */
export function signInAs(role: MemberRole, extra: Partial<typeof wireUser> = {}): Record<string, Handler> {
  const user = wireUserAs(role, extra);
  storeSession('token-1', {
    id: user.id,
    email: user.email,
    firstName: user.first_name,
    lastName: user.last_name,
    phone: user.phone,
    role: user.role,
    businessRole: user.business_role,
    emailVerified: user.email_verified,
    supplierId: user.supplier_id,
    organization: {
      id: user.organization.id,
      name: user.organization.name,
      defaultCurrency: user.organization.default_currency,
      timeZone: user.organization.time_zone,
      eprLicense: user.organization.epr_license,
      isDemo: user.organization.is_demo,
    },
  });
  return { 'GET /api/dashboard/users/me': json(user) };
}

/** A validation failure with per-field messages, as the server sends it. */
export const fieldError = (
  fields: Record<string, string>,
  message = 'Some fields are invalid',
  status = 400,
): Handler => {
  const body = wire(errorWire, { code: 'validation_failed', message, error: message, details: { fields } });
  return () => Response.json(body, { status });
};

/** An empty page, which any paged list may answer. */
export const emptyPage = json(wire(emptyPageSchema, { items: [], next_cursor: null }));

/** Routes wrapping one page for renderWithAuth. */
export const page = (path: string, Component: RouteObject['Component']): RouteObject[] => [
  { path, Component },
];
