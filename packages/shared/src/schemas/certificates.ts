import { z } from 'zod';
import { listQuerySchema } from './pagination.ts';
import { day, decimal, str } from './wire.ts';

// Waste diversion certificates (docs/architecture.md "EPR"): kilograms of plastic a client's waste
// became — recycled or co-processed instead of landfilled — over a period, by reference material type
// and fate. Each kilogram is a claim (type waste_diversion) on verified recovery, so no kilogram backs
// two certificates; revoking one gives its kilograms back. Anyone holding its QR code reads its public
// facts (no people but the signatory, no prices, no suppliers).

export const CERTIFICATE_CLIENT_TYPES = ['lgu', 'mall', 'brand', 'company', 'other'] as const;
export type CertificateClientType = (typeof CERTIFICATE_CLIENT_TYPES)[number];
export const CERTIFICATE_CLIENT_TYPE_LABELS: Record<CertificateClientType, string> = {
  lgu: 'Local government unit',
  mall: 'Mall',
  brand: 'Brand',
  company: 'Company',
  other: 'Other',
};

/** Recovery's fates: landfill is not diversion. */
export const DIVERSION_FATES = ['recycling', 'co_processing'] as const;
export type DiversionFate = (typeof DIVERSION_FATES)[number];
export const DIVERSION_FATE_LABELS: Record<DiversionFate, string> = {
  recycling: 'Recycling',
  co_processing: 'Co-processing',
};

export const CERTIFICATE_STATUSES = ['issued', 'revoked'] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];

export const CERTIFICATE_REVOKE_REASON_MIN = 10;
export const MAX_CERTIFICATE_LINES = 50;

// ---- the period ----

/** The day after `from` a year on: a period must end before it (2026-03-01 → 2027-03-01). */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function yearAfter(from: string): string {
  const [y, m, d] = from.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y + 1, m - 1, d)).toISOString().slice(0, 10);
}

type PeriodShape = { period_from?: string | undefined; period_to?: string | undefined };
export type CertificateIssue = { path: (string | number)[]; message: string };

/** A period runs forwards over at most a year; `names` are its two fields' names on the wire. */
export function certificatePeriodIssues(p: PeriodShape, names = { to: 'period_to' }): CertificateIssue[] {
  const { period_from: from, period_to: to } = p;
  // Each day's own check names a malformed one; the rules between them need two real days.
  if (!from || !to || !DAY.test(from) || !DAY.test(to)) return [];
  if (to < from) return [{ path: [names.to], message: 'The period ends before it starts' }];
  if (to >= yearAfter(from)) return [{ path: [names.to], message: 'A certificate covers at most one year' }];
  return [];
}

// ---- issuing ----

export const certificateLineInputSchema = z.object({
  material_type: str().trim().min(1, 'Choose a material type').max(50, 'Choose a material type'),
  fate: z.enum(DIVERSION_FATES, 'Choose recycling or co-processing'),
  kg: decimal('Kg', { scale: 3, digits: 11, positive: true }),
});

const optionalText = (max: number) =>
  str()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((v) => v || null);

/** A certificate's fields; `certificateRules` adds the rules between them. */
export const certificateFields = z.object({
  client_name: str().trim().min(1, 'Name the client').max(200, 'At most 200 characters'),
  client_type: z.enum(CERTIFICATE_CLIENT_TYPES, 'Choose the kind of client'),
  client_address: optionalText(500),
  period_from: day('Enter the first day of the period'),
  period_to: day('Enter the last day of the period'),
  lines: z
    .array(certificateLineInputSchema)
    .min(1, 'Claim kilograms of at least one material')
    .max(MAX_CERTIFICATE_LINES, `At most ${MAX_CERTIFICATE_LINES} materials`),
  signatory_name: str().trim().min(1, 'Name who signs the certificate').max(200, 'At most 200 characters'),
  signatory_title: str().trim().min(1, 'Give the signatory’s title').max(200, 'At most 200 characters'),
  notes: optionalText(2000),
});

type LineShape = { material_type?: string | undefined; fate?: string | undefined };

/** The period's rules, and each (material type, fate) on one line only. */
export function certificateRules(c: PeriodShape & { lines?: LineShape[] | undefined }, ctx: z.RefinementCtx) {
  const issues = certificatePeriodIssues(c);
  const seen = new Map<string, number>();
  (c.lines ?? []).forEach((l, i) => {
    if (!l.material_type || !l.fate) return;
    const key = `${l.material_type}\u0000${l.fate}`;
    const first = seen.get(key);
    if (first === undefined) seen.set(key, i);
    else
      issues.push({
        path: ['lines', i, 'material_type'],
        message: `This material and fate are already on line ${first + 1}`,
      });
  });
  for (const issue of issues) ctx.addIssue({ code: 'custom', ...issue });
}

export const certificateCreateSchema = certificateFields.superRefine(certificateRules);
export type CertificateInput = z.output<typeof certificateCreateSchema>;

export const certificateRevokeSchema = z.object({
  reason: str()
    .trim()
    .min(
      CERTIFICATE_REVOKE_REASON_MIN,
      `Say why the certificate is revoked (at least ${CERTIFICATE_REVOKE_REASON_MIN} characters)`,
    )
    .max(500, 'At most 500 characters'),
});

export const certificateAvailableQuerySchema = z
  .object({
    from: day('Enter the first day of the period'),
    to: day('Enter the last day of the period'),
  })
  .superRefine((q, ctx) => {
    for (const issue of certificatePeriodIssues({ period_from: q.from, period_to: q.to }, { to: 'to' }))
      ctx.addIssue({ code: 'custom', ...issue });
  });

export const certificateListQuerySchema = listQuerySchema.extend({
  q: listQuerySchema.shape.q.describe('Part of the number or the client’s name'),
  status: z.enum(CERTIFICATE_STATUSES).optional(),
  year: z.coerce.number().int().min(2000).max(9999).optional().describe('The year of issue'),
});
export const certificateExportQuerySchema = certificateListQuerySchema.omit({ limit: true, cursor: true });

// ---- answers ----

export const certificateAvailableSchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(
    z.object({
      material_type: z.string(),
      name: z.string(),
      fate: z.enum(DIVERSION_FATES),
      available_kg: z.string(),
    }),
  ),
  total_kg: z.string(),
});
export type CertificateAvailable = z.infer<typeof certificateAvailableSchema>;

export const certificateLineSchema = z.object({
  material_type: z.string(),
  name: z.string(),
  fate: z.enum(DIVERSION_FATES),
  kg: z.string(),
});

const person = z.object({ id: z.string().uuid(), name: z.string() });

export const certificateSchema = z.object({
  id: z.string().uuid(),
  number: z.string(),
  status: z.enum(CERTIFICATE_STATUSES),
  client_name: z.string(),
  client_type: z.enum(CERTIFICATE_CLIENT_TYPES),
  client_address: z.string().nullable(),
  period_from: z.string(),
  period_to: z.string(),
  lines: z.array(certificateLineSchema),
  total_kg: z.string(),
  signatory_name: z.string(),
  signatory_title: z.string(),
  notes: z.string().nullable(),
  issued_at: z.string(),
  issued_by: person,
  revoked_at: z.string().nullable(),
  revoked_by: person.nullable(),
  revoke_reason: z.string().nullable(),
  public_url: z.string().describe('The public verification page its QR code opens'),
});
export type Certificate = z.infer<typeof certificateSchema>;

/** One claim behind a certificate: a received lot's kilograms, recovered by a record to a fate. */
export const certificateEvidenceSchema = z.object({
  lot: z.object({ id: z.string().uuid(), code: z.string() }),
  material: z.object({ name: z.string(), type: z.string().nullable() }),
  facility: z.object({ code: z.string(), name: z.string() }),
  delivery: z.object({
    id: z.string().uuid(),
    number: z.string(),
    received_at: z.string(),
    weighbridge_ticket: z.string().nullable(),
    supplier_type: z.string(),
  }),
  recovery: z.object({
    kind: z.enum(['production_record', 'dispatch_record']),
    id: z.string().uuid(),
    number: z.string(),
    recovered_on: z.string(),
  }),
  fate: z.enum(DIVERSION_FATES),
  kg: z.string(),
  proof_url: z.string().describe('The delivery’s record-log proof page (/verify/{receive record id})'),
});

export const certificateDetailSchema = certificateSchema.extend({
  evidence: z.array(certificateEvidenceSchema),
  log_url: z.string().describe('The certificate’s own record-log proof page'),
});
export type CertificateDetail = z.infer<typeof certificateDetailSchema>;

/** What its QR code shows anyone: no people but the signatory, no prices, no suppliers. */
export const publicCertificateSchema = z.object({
  id: z.string().uuid(),
  number: z.string(),
  status: z.enum(CERTIFICATE_STATUSES),
  organization: z.object({ name: z.string(), time_zone: z.string() }),
  client_name: z.string(),
  client_type: z.enum(CERTIFICATE_CLIENT_TYPES),
  period_from: z.string(),
  period_to: z.string(),
  lines: z.array(certificateLineSchema),
  total_kg: z.string(),
  issued_at: z.string(),
  signatory_name: z.string(),
  signatory_title: z.string(),
  revoked_at: z.string().nullable(),
  revoke_reason: z.string().nullable(),
  log_url: z.string(),
});
export type PublicCertificate = z.infer<typeof publicCertificateSchema>;

// ---- the organization's logo, printed on its certificates ----

export const LOGO_MAX_BYTES = 1024 * 1024;
/** Longest side kept: sharp on an A4 header, small in the database. */
export const LOGO_MAX_SIDE = 600;

export const organizationLogoSchema = z.object({
  mime: z.enum(['image/png', 'image/jpeg']),
  size: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  updated_at: z.string(),
});
export type OrganizationLogo = z.infer<typeof organizationLogoSchema>;
