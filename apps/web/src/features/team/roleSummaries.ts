import type { MemberRole } from '@plastrace/shared';

/** One line per role, from the permissions table of docs/architecture.md: Who may do what (the help page has the full table). */
export const ROLE_SUMMARIES: Record<MemberRole, string> = {
  admin: 'Everything, including organization settings, API keys, members and inviting administrators.',
  manager: 'Runs operations and master data, voids records, manages credits and invites non-admin members.',
  operator: 'Drafts and posts operational records (receiving, production, dispatch); reads master data.',
  auditor: 'Reads everything, including the audit and activity logs and exports; changes nothing.',
  supplier: 'An outside supplier: sees their own deliveries and credits and keeps their own profile.',
};
