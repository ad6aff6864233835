/** Business role chosen at sign-up (spec §3): a profile attribute, not a permission. */
export const BUSINESS_ROLES = [
  { value: 'Recycler', label: 'Plastic Recycler' },
  { value: 'Collector', label: 'Waste Collector' },
  { value: 'Processor', label: 'Plastic Processor' },
  { value: 'Manufacturer', label: 'Manufacturer' },
  { value: 'BrandOwner', label: 'Brand Owner' },
  { value: 'Consultant', label: 'Environmental Consultant' },
  { value: 'Operator', label: 'Operator' },
  { value: 'Manager', label: 'Manager' },
  { value: 'Administrator', label: 'Administrator' },
  { value: 'Other', label: 'Other' },
] as const;
export type BusinessRole = (typeof BUSINESS_ROLES)[number]['value'];
export const BUSINESS_ROLE_VALUES = BUSINESS_ROLES.map((r) => r.value) as [BusinessRole, ...BusinessRole[]];

export const CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'JPY',
  'CNY',
  'INR',
  'PHP',
  'AUD',
  'CAD',
  'SGD',
  'MYR',
  'THB',
  'IDR',
  'VND',
] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Membership roles (permissions, docs/architecture.md: Who may do what) with the labels of spec §6. */
export const MEMBER_ROLES = ['admin', 'manager', 'operator', 'auditor', 'supplier'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];
export const MEMBER_ROLE_LABELS: Record<MemberRole, string> = {
  admin: 'Administrator',
  manager: 'Manager',
  operator: 'Operator',
  auditor: 'Auditor',
  supplier: 'Supplier',
};
/** An unknown role is shown as-is (spec §6). */
export const memberRoleLabel = (role: string): string => MEMBER_ROLE_LABELS[role as MemberRole] ?? role;

export const TRANSACTION_TYPES = [
  'LOGIN',
  'LOGOUT',
  'CREATE_RECORD',
  'UPDATE_RECORD',
  'DELETE_RECORD',
  'EXPORT_DATA',
  'GENERATE_REPORT',
  'UPDATE_SETTINGS',
  'BLOCKCHAIN_VERIFY',
  'QR_CODE_GENERATE',
  'QR_CODE_DOWNLOAD',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** The events a client may report to the activity log itself (spec §4); everything else the server writes. */
export const CLIENT_TRANSACTION_TYPES = [
  'LOGIN',
  'LOGOUT',
  'QR_CODE_GENERATE',
  'QR_CODE_DOWNLOAD',
  'BLOCKCHAIN_VERIFY',
  'EXPORT_DATA',
  'GENERATE_REPORT',
  'UPDATE_SETTINGS',
] as const satisfies readonly TransactionType[];
export type ClientTransactionType = (typeof CLIENT_TRANSACTION_TYPES)[number];

/** Who wrote an activity entry: the server as part of the change, or a client reporting an event. */
export const ACTIVITY_SOURCES = ['server', 'client'] as const;
export type ActivitySource = (typeof ACTIVITY_SOURCES)[number];
