import { MEMBER_ROLES, type MemberRole } from './enums.ts';

// The one table of who may do what (docs/architecture.md: Who may do what). The server checks it on every route (each route
// names its action; a route without one does not start) and the web asks it for the sidebar, buttons
// and routes (`useCan`). The README's role table is rendered from it and a test keeps them equal.
// Rows a role may only do for its own records (a supplier's own deliveries) are narrowed further by
// the module's service; this table says whether the role may call the operation at all.

const ALL = MEMBER_ROLES;
const STAFF = ['admin', 'manager', 'operator', 'auditor'] as const;
const OFFICE = ['admin', 'manager'] as const;
const FLOOR = ['admin', 'manager', 'operator'] as const;
const OVERSIGHT = ['admin', 'manager', 'auditor'] as const;

/** `does` completes "Your role may not …"; `note` narrows it for the README. */
type Permission = { roles: readonly MemberRole[]; does: string; note?: string };

export const PERMISSIONS = {
  'account.self': { roles: ALL, does: 'manage their own profile, password, sessions and notifications' },
  'dashboard.read': {
    roles: ALL,
    does: 'see the dashboard',
    note: 'a supplier sees their own deliveries, weights, prices and payments',
  },
  'activity.report': { roles: ALL, does: 'report events to the activity log', note: 'sign-in, QR codes…' },
  'activity.read_all': { roles: OVERSIGHT, does: 'see everyone’s activity', note: 'others see their own' },
  'organization.read': { roles: STAFF, does: 'view the organization settings' },
  'organization.manage': { roles: ['admin'], does: 'change the organization settings' },
  'books.close': { roles: ['admin'], does: 'close the books', note: 'move the “books closed through” date' },
  'members.read': { roles: OVERSIGHT, does: 'view the team' },
  'members.manage': { roles: ['admin'], does: 'change members', note: 'roles, deactivation' },
  'invitations.read': { roles: OFFICE, does: 'view invitations' },
  'invitations.manage': {
    roles: OFFICE,
    does: 'invite team members',
    note: 'managers invite every role but administrator',
  },
  'masterdata.read': {
    roles: STAFF,
    does: 'view master data',
    note: 'facilities, production lines, customers, materials, process types, prices, drivers, vehicles, haulers, franchisees',
  },
  'masterdata.write': { roles: OFFICE, does: 'change master data', note: 'create, change, archive, restore' },
  'suppliers.read': { roles: ALL, does: 'view suppliers', note: 'a supplier member: their own record' },
  'suppliers.write': {
    roles: ['admin', 'manager', 'supplier'],
    does: 'change suppliers',
    note: 'a supplier member: their own contact and payment details',
  },
  'records.read': {
    roles: ALL,
    does: 'view records and lots',
    note: 'receive records, lots, photos, labels; a supplier: their own deliveries',
  },
  'records.write': {
    roles: FLOOR,
    does: 'record and post deliveries or move lots',
    note: 'draft, edit, post; split, merge, quarantine',
  },
  'records.void': { roles: OFFICE, does: 'void records' },
  'trace.read': {
    roles: STAFF,
    does: 'trace lots',
    note: 'lineage upstream to suppliers and downstream to customers, with shares; recalls',
  },
  'passports.read': { roles: STAFF, does: 'view product passports', note: 'drafts and published versions' },
  'passports.write': {
    roles: OFFICE,
    does: 'create and publish product passports',
    note: 'certificates and notes; each publication is a new immutable version',
  },
  'epcis.read': {
    roles: STAFF,
    does: 'export EPCIS events',
    note: 'GS1 EPCIS 2.0 documents of our events, and what partners sent',
  },
  'epcis.capture': { roles: OFFICE, does: 'capture partners’ EPCIS events' },
  'production.read': { roles: STAFF, does: 'view production runs' },
  'production.write': {
    roles: FLOOR,
    does: 'record and post production runs',
    note: 'draft, edit, post',
  },
  'production.confirm_capacity': {
    roles: OFFICE,
    does: 'confirm a run above a line’s rated capacity',
  },
  'production.void': { roles: OFFICE, does: 'void production runs' },
  // The loading bay reads the orders it ships against; only the office commits to customers and suppliers.
  'orders.read': { roles: STAFF, does: 'view sales and purchase orders' },
  'orders.write': {
    roles: OFFICE,
    does: 'manage sales and purchase orders',
    note: 'draft, edit, confirm, cancel, close',
  },
  'dispatch.read': { roles: STAFF, does: 'view dispatches', note: 'dispatch records, delivery receipts' },
  'dispatch.write': {
    roles: FLOOR,
    does: 'record and post dispatches',
    note: 'draft, edit, post; proof of delivery',
  },
  'dispatch.void': { roles: OFFICE, does: 'void dispatches' },
  'dispatch.settle': {
    roles: OFFICE,
    does: 'settle delivery discrepancies',
    note: 'write off as transit loss, or a credit note',
  },
  'logistics.read': {
    roles: STAFF,
    does: 'view trips',
    note: 'stops, GPS tracks, distance and transport emissions',
  },
  'logistics.write': {
    roles: FLOOR,
    does: 'plan and run trips',
    note: 'plan, edit, start, arrive, depart, GPS points, complete, cancel',
  },
  'stock.read': { roles: STAFF, does: 'view the inventory and stock counts' },
  'stock.count': { roles: FLOOR, does: 'count stock', note: 'open, enter and cancel stock counts' },
  'stock.adjust': { roles: OFFICE, does: 'adjust stock', note: 'adjust lots, post stock counts' },
  'mass_balance.read': {
    roles: STAFF,
    does: 'view the mass balance',
    note: 'per facility × material × period, conversion factors, counts, recycled-content credits, statements',
  },
  'mass_balance.close': {
    roles: OFFICE,
    does: 'close a mass-balance period',
    note: 'locks postings dated in it',
  },
  'mass_balance.reopen': { roles: ['admin'], does: 'reopen a closed period', note: 'with a reason, audited' },
  'epr.calculate': {
    roles: STAFF,
    does: 'calculate EPR credits',
    note: 'from kg, posted records or lots: credits, the RA 11898 target, CO2e',
  },
  'credits.read': {
    roles: STAFF,
    does: 'view EPR credits',
    note: 'batches, serials, holdings, movements, eligible recovery',
  },
  'credits.issue': {
    roles: OFFICE,
    does: 'issue EPR credits',
    note: 'from verified recovery, with its evidence',
  },
  'credits.move': { roles: OFFICE, does: 'transfer and retire EPR credits' },
  'compliance.read': {
    roles: STAFF,
    does: 'view RA 11898 compliance',
    note: 'footprint, target, recovered, shortfall, fine exposure, ECAR',
  },
  'compliance.manage': {
    roles: OFFICE,
    does: 'manage RA 11898 compliance',
    note: 'obliged status, footprint, recovery cost, ECAR drafts',
  },
  'compliance.review': {
    roles: ['auditor'],
    does: 'review and sign off an ECAR',
    note: 'accept, query or reject each evidence item; sign-off freezes it',
  },
  'certificates.read': { roles: STAFF, does: 'view waste diversion certificates' },
  'certificates.issue': {
    roles: OFFICE,
    does: 'issue waste diversion certificates',
    note: 'issue and revoke',
  },
  'ledger.read': { roles: ALL, does: 'view the supplier ledger', note: 'a supplier: their own statement' },
  'customer_ledger.read': { roles: OVERSIGHT, does: 'view what customers owe' },
  'payments.write': {
    roles: OFFICE,
    does: 'record payments',
    note: 'suppliers’ and customers’ payments, advances, credit notes and their reversals',
  },
  // The marketplace: staff browse and follow it; only the office commits the organization to a trade.
  'market.read': {
    roles: STAFF,
    does: 'view the marketplace',
    note: 'listings with sellers, our offers and deals, saved searches and alerts, price history',
  },
  'market.trade': {
    roles: OFFICE,
    does: 'trade on the marketplace',
    note: 'list, offer, counter, accept, cancel, rate; requests for quotation',
  },
  // Devices write into the records; only the office registers them, and only an administrator issues the
  // organization's API keys (machine credentials).
  'devices.read': {
    roles: STAFF,
    does: 'view devices',
    note: 'scales, meters, trackers and sensors, their readings, calibrations and alerts',
  },
  'devices.manage': {
    roles: OFFICE,
    does: 'manage devices',
    note: 'register, change, archive; record calibrations; acknowledge alerts',
  },
  'readings.ingest': {
    roles: OFFICE,
    does: 'send device readings',
    note: 'devices send them with their own API key; the office may enter them by hand',
  },
  'api_keys.manage': {
    roles: ['admin'],
    does: 'manage API keys',
    note: 'issue and revoke device and read-API keys; a secret is shown once',
  },
  'identification.run': {
    roles: FLOOR,
    does: 'identify polymers from spectra',
    note: 'upload a spectrum; confirm the material onto a lot or an intake line',
  },
  'identification.read': { roles: STAFF, does: 'view identifications and the reference libraries' },
  'identification.library': {
    roles: OFFICE,
    does: 'manage the site’s reference library',
    note: 'add and archive the organization’s own reference spectra',
  },
  'debug.read': {
    roles: ['admin'],
    does: 'open the admin tools',
    note: 'version, configuration, database, queues',
  },
  'analytics.read': {
    roles: OVERSIGHT,
    does: 'view analytics',
    note: 'intake, prices paid, yields, sales and margins, with CSV and XLSX exports',
  },
  'reports.read': {
    roles: OVERSIGHT,
    does: 'view and download reports',
    note: 'daily, monthly, annual, inventory',
  },
  'reports.schedule': { roles: OFFICE, does: 'schedule reports', note: 'e-mailed to chosen members' },
  'impact.read': { roles: STAFF, does: 'view the environmental impact' },
  'impact.publish': {
    roles: ['admin'],
    does: 'publish the impact page',
    note: 'a public page of the organization’s impact',
  },
  'forecasts.read': {
    roles: OVERSIGHT,
    does: 'view forecasts',
    note: 'intake and prices, with their backtest',
  },
  'data.export': {
    roles: OVERSIGHT,
    does: 'export data',
    note: 'CSV of lists, ledgers and the activity log',
  },
} as const satisfies Record<string, Permission>;

export type Action = keyof typeof PERMISSIONS;
export const ACTIONS = Object.keys(PERMISSIONS) as Action[];

/** "Your role may not invite team members": the 403 message of an action. */
export const refusal = (action: Action): string => `Your role may not ${PERMISSIONS[action].does}`;

/** May a member with `role` do `action`? Unknown or missing roles may do nothing. */
export function can(role: string | null | undefined, action: Action): boolean {
  return !!role && (PERMISSIONS[action].roles as readonly string[]).includes(role);
}

/** The README's role table, rendered from PERMISSIONS (a test compares the two). */
export function roleTableMarkdown(): string {
  const head = `| may | ${MEMBER_ROLES.join(' | ')} |`;
  const rule = `|---|${MEMBER_ROLES.map(() => '---').join('|')}|`;
  const rows = ACTIONS.map((a) => {
    const p: Permission = PERMISSIONS[a];
    const cells = MEMBER_ROLES.map((r) => ((p.roles as readonly string[]).includes(r) ? 'yes' : '–'));
    return `| ${p.does}${p.note ? ` (${p.note})` : ''} — \`${a}\` | ${cells.join(' | ')} |`;
  });
  return [head, rule, ...rows].join('\n');
}
