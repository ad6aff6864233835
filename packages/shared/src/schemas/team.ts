import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '../constants.ts';
import { CURRENCIES, MEMBER_ROLES } from '../enums.ts';
import { transactionLogEntrySchema } from './auth.ts';
import { dashboardOperationsSchema } from './dashboard.ts';
import { gs1CompanyPrefix } from './gs1.ts';
import { PAYMENT_METHODS } from './masterdata.ts';
import { listQuerySchema } from './pagination.ts';
import { day, decimal, str, versionField } from './wire.ts';

export const memberSchema = z
  .object({
    id: z.string().uuid().describe('Membership id'),
    user_id: z.string().uuid(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    phone: z.string().nullable(),
    role: z.enum(MEMBER_ROLES),
    status: z.enum(['active', 'deactivated']),
    supplier_id: z.string().uuid().nullable(),
    supplier_name: z.string().nullable(),
    last_sign_in_at: z.string().nullable(),
    created_at: z.string(),
    version: z.number().int(),
  })
  .meta({ id: 'Member' });
export type Member = z.infer<typeof memberSchema>;

export const memberListQuerySchema = listQuerySchema.extend({
  role: z.enum(MEMBER_ROLES).optional(),
  status: z.enum(['active', 'deactivated']).optional(),
});
export const memberUpdateSchema = z.object({ role: z.enum(MEMBER_ROLES), version: versionField() });

export const invitationSchema = z
  .object({
    id: z.string().uuid(),
    email: z.string(),
    role: z.enum(MEMBER_ROLES),
    supplier_id: z.string().uuid().nullable(),
    supplier_name: z.string().nullable(),
    status: z.enum(['pending', 'accepted', 'revoked', 'expired']),
    invited_by_name: z.string(),
    expires_at: z.string(),
    created_at: z.string(),
    accepted_at: z.string().nullable(),
  })
  .meta({ id: 'Invitation' });
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationCreateSchema = z
  .object({
    email: str().trim().toLowerCase().email('Enter a valid email address'),
    role: z.enum(MEMBER_ROLES),
    supplier_id: z.string().uuid().nullish(),
  })
  .refine((v) => v.role !== 'supplier' || !!v.supplier_id, {
    message: 'Choose the supplier this member belongs to',
    path: ['supplier_id'],
  });
export const invitationListQuerySchema = listQuerySchema.extend({
  status: z.enum(['pending', 'accepted', 'revoked', 'expired']).optional(),
});

export const ownSessionSchema = z
  .object({
    id: z.string().uuid(),
    current: z.boolean(),
    user_agent: z.string().nullable(),
    ip: z.string().nullable(),
    created_at: z.string(),
    last_seen_at: z.string(),
    expires_at: z.string(),
  })
  .meta({ id: 'OwnSession' });

export const passwordChangeSchema = z.object({
  current_password: z.string().min(1, 'Enter your current password'),
  new_password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
    .max(200),
});
export const passwordResetSchema = z.object({
  token: z.string().min(1).max(200),
  password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
    .max(200),
});

export const profileUpdateSchema = z.object({
  first_name: str().trim().min(1, 'First name is required').max(100),
  last_name: str().trim().min(1, 'Last name is required').max(100),
  phone: str().trim().max(30, 'A phone number has at most 30 characters').nullable(),
});

export const organizationSchema = z
  .object({
    id: z.string().uuid(),
    name: z.string(),
    country: z.string(),
    default_currency: z.enum(CURRENCIES),
    time_zone: z.string(),
    business_role: z.string().nullable(),
    epr_license: z.string().nullable(),
    is_demo: z.boolean(),
    books_closed_through: z
      .string()
      .nullable()
      .describe('Postings dated on or before this day are refused (422); null: no period is closed'),
    mass_balance_tolerance_pct: z
      .string()
      .describe(
        'A production run posts when inputs and outputs + losses differ by at most this % of the inputs',
      ),
    weighing_tolerance_pct: z
      .string()
      .describe(
        'A dispatch’s lines may differ from the weighbridge’s net, and a delivery from what was shipped, by this % before they are refused or a discrepancy',
      ),
    electricity_tariff_php: z
      .string()
      .nullable()
      .describe(
        'PHP per kWh: the energy share of a production run’s output value; null leaves energy unvalued',
      ),
    // The default lets answers recorded before the prefix existed (test fixtures) still read as "none".
    gs1_company_prefix: z
      .string()
      .nullable()
      .default(null)
      .describe(
        'The GS1 company prefix when the organization is a GS1 member: its materials’ GTINs carry it',
      ),
    version: z.number().int(),
  })
  .meta({ id: 'Organization' });

export const booksClosedBodySchema = z.object({
  through: day('Enter the last closed day as YYYY-MM-DD')
    .nullable()
    .describe('The last day of the closed period; null reopens every period'),
  reason: str().trim().min(3, 'Say why the books are closed or reopened').max(500),
});
export const organizationUpdateSchema = z.object({
  name: str().trim().min(1, 'Organization name is required').max(200),
  default_currency: z.enum(CURRENCIES),
  time_zone: str()
    .max(100)
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'Unknown time zone'),
  epr_license: str().trim().max(100).nullable(),
  mass_balance_tolerance_pct: decimal('Mass balance tolerance', { scale: 2, digits: 2, max: 10 }).optional(),
  electricity_tariff_php: decimal('Electricity tariff', { scale: 4, digits: 4 }).nullish(),
  weighing_tolerance_pct: decimal('Weighing tolerance', { scale: 2, digits: 2, max: 5 }).optional(),
  gs1_company_prefix: gs1CompanyPrefix().describe(
    'GS1 company prefix, 6–12 digits; null or "" clears it; left out: unchanged',
  ),
  version: versionField(),
});

export const notificationSchema = z
  .object({
    id: z.string().uuid(),
    kind: z.enum(['invitation_accepted', 'security', 'market']),
    title: z.string(),
    body: z.string(),
    read_at: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'Notification' });

/** What a supplier member sees on the dashboard: their own deliveries, weights, prices and payments. */
export const supplierDashboardSchema = z.object({
  supplier: z.object({ id: z.string().uuid(), code: z.string(), name: z.string() }),
  balance: z.string().describe('What the organization owes the supplier now (PHP); negative: an advance'),
  this_month: z.object({
    deliveries: z.number().int(),
    net_kg: z.string(),
    amount: z.string().describe('PHP'),
  }),
  recent_deliveries: z.array(
    z.object({
      id: z.string().uuid(),
      number: z.string(),
      status: z.enum(['draft', 'posted', 'voided']),
      received_at: z.string(),
      net_kg: z.string(),
      amount: z.string(),
      avg_price_per_kg: z.string().describe('PHP per kg paid, over the payable weight'),
    }),
  ),
  recent_payments: z.array(
    z.object({
      id: z.string().uuid(),
      kind: z.enum(['payment', 'advance', 'payment_reversal']),
      amount: z.string().describe('PHP, positive'),
      method: z.enum(PAYMENT_METHODS).nullable(),
      reference: z.string().nullable(),
      posted_at: z.string(),
    }),
  ),
  currency: z.literal('PHP'),
});

/** Role-aware: each part is null for a role that may not see it (permissions.ts). */
export const dashboardSummarySchema = z
  .object({
    organization: organizationSchema.nullable().describe('Null for supplier members'),
    team: z
      .object({
        active_members: z.number().int(),
        by_role: z.record(z.enum(MEMBER_ROLES), z.number().int()),
        pending_invitations: z.number().int(),
      })
      .nullable()
      .describe('Null for roles that may not see the team'),
    supplier: supplierDashboardSchema.nullable().describe('A supplier member’s own figures; null for staff'),
    operations: dashboardOperationsSchema
      .nullable()
      .describe('Stock, flows, money and alerts; null for suppliers'),
    recent_activity: z.array(transactionLogEntrySchema),
  })
  .meta({ id: 'DashboardSummary' });

export const supplierLookupSchema = z.object({
  id: z.string().uuid(),
  code: z.string(),
  name: z.string(),
  type: z.string(),
});
