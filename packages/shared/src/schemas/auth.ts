import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '../constants.ts';
import {
  ACTIVITY_SOURCES,
  BUSINESS_ROLE_VALUES,
  CLIENT_TRANSACTION_TYPES,
  CURRENCIES,
  MEMBER_ROLES,
} from '../enums.ts';
import { decimal, str } from './wire.ts';

const email = str().trim().toLowerCase().email('Enter a valid email address').max(254);
const password = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(200, 'Password must be at most 200 characters');
const name = (label: string) => str().trim().min(1, `${label} is required`).max(100);

export const messageSchema = z.object({ message: z.string() }).meta({ id: 'Message' });

export const loginBodySchema = z.object({
  email,
  password: z.string().min(1, 'Password is required').max(200),
  /** Sent as `rememberMe` by the web client (login is camelCase, spec §7). */
  rememberMe: z.boolean().optional(),
  remember_me: z.boolean().optional(),
});

export const userSchema = z
  .object({
    id: z.string().uuid(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    phone: z.string().nullable(),
    role: z.enum(MEMBER_ROLES),
    business_role: z.string().nullable(),
    email_verified: z.boolean(),
    supplier_id: z.string().uuid().nullable(),
    organization: z.object({
      id: z.string().uuid(),
      name: z.string(),
      default_currency: z.string(),
      time_zone: z.string(),
      epr_license: z.string().nullable(),
      is_demo: z.boolean(),
    }),
    /** Always sent by the server; optional only so answers cached by an older build still parse. */
    organization_count: z
      .number()
      .int()
      .optional()
      .describe(
        "How many organizations the account is an active member of: 2 or more shows the web's switcher",
      ),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

export const sessionSchema = z.object({
  access_token: z.string(),
  expires_at: z.string().describe('When the session ends if not used or refreshed (ISO 8601)'),
});

export const loginResponseSchema = z
  .object({ session: sessionSchema, user: userSchema })
  .meta({ id: 'LoginResponse' });

/** One of the caller's active memberships (GET /api/auth/organizations). */
export const organizationMembershipSchema = z
  .object({
    organization_id: z.string().uuid(),
    name: z.string(),
    slug: z.string(),
    role: z.enum(MEMBER_ROLES),
    current: z.boolean().describe('The organization of the session that asked'),
  })
  .meta({ id: 'OrganizationMembership' });
export type OrganizationMembership = z.infer<typeof organizationMembershipSchema>;

export const switchOrganizationBodySchema = z.object({
  organization_id: z.string().uuid('Choose an organization'),
});

/** Registration: the spec's client sends each profile field twice, snake_case and camelCase. */
export const signupBodySchema = z.object({
  email,
  password,
  role: z.enum(BUSINESS_ROLE_VALUES).optional(),
  first_name: name('First name').optional(),
  firstName: name('First name').optional(),
  last_name: name('Last name').optional(),
  lastName: name('Last name').optional(),
  company_name: name('Company name').optional(),
  companyName: name('Company name').optional(),
  epr_license: str().trim().max(100).optional(),
  eprLicense: str().trim().max(100).optional(),
  default_currency: z.enum(CURRENCIES).optional(),
  defaultCurrency: z.enum(CURRENCIES).optional(),
});

export const magicLinkBodySchema = z.object({ email });
export const tokenBodySchema = z.object({ token: z.string().min(1).max(200) });

export const invitationVerifySchema = z
  .object({
    valid: z.boolean(),
    invitation: z
      .object({
        email: z.string(),
        role: z.string(),
        supplier_name: z.string().nullable(),
        expires_at: z.string(),
        organization_name: z.string().optional(),
        /**
         * The invited email already has an account: the invitee joins by signing in with its password
         * (POST /api/invitations/accept-existing) instead of registering. Only the link's holder sees it.
         */
        existing_account: z.boolean().optional(),
      })
      .nullable(),
    message: z.string(),
  })
  .meta({ id: 'InvitationVerification' });

export const invitationAcceptBodySchema = z.object({
  token: z.string().min(1, 'Invalid invitation link').max(200),
  password,
  first_name: name('First name'),
  last_name: name('Last name'),
  phone: str().trim().max(30).optional(),
});
/** Accepting with an existing account: its password proves the invitee is its owner. */
export const invitationAcceptExistingBodySchema = z.object({
  token: z.string().min(1, 'Invalid invitation link').max(200),
  password: z.string().min(1, 'Password is required').max(200),
  remember_me: z.boolean().optional(),
});
/** Joining while signed in as the invited email: the session stands in for the password. */
export const invitationJoinBodySchema = z.object({
  token: z.string().min(1, 'Invalid invitation link').max(200),
});
export const successSchema = z.object({ success: z.boolean(), message: z.string() });

/**
 * An activity entry reported by the web client. Only the spec's client-side events may be reported;
 * records, exports and changes are logged by the server itself as part of the change (source "server").
 */
export const transactionLogBodySchema = z.object({
  user_id: str().min(1).max(100),
  transaction_type: z.enum(
    CLIENT_TRANSACTION_TYPES,
    `Clients may report only these events: ${CLIENT_TRANSACTION_TYPES.join(', ')}`,
  ),
  description: str().max(1000),
  amount: decimal('Amount', { scale: 2, digits: 12, signed: true }).default('0'),
  currency: z.literal('PHP').default('PHP'),
  status: str().max(30).default('Completed'),
  reference_id: str().max(200).nullish(),
  payment_method: str().max(30).default('System'),
  metadata: z.record(str().max(100), z.unknown()).default({}),
});

export const transactionLogEntrySchema = z
  .object({
    id: z.string().uuid(),
    user_id: z.string().uuid(),
    user_name: z.string(),
    transaction_type: z.string(),
    source: z
      .enum(ACTIVITY_SOURCES)
      .describe('server: written by the server as part of the change; client: reported by a client'),
    description: z.string(),
    amount: z.string().describe('Decimal string, PHP'),
    currency: z.string(),
    status: z.string(),
    reference_id: z.string().nullable(),
    payment_method: z.string(),
    metadata: z.record(z.string(), z.unknown()),
    created_at: z.string(),
  })
  .meta({ id: 'UserTransaction' });
