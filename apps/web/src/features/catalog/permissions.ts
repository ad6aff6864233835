import type { MemberRole } from '@plastrace/shared';

/** DESIGN.md §4: administrators and managers keep master data; operators and auditors read it. */
export const canEditMasterData = (role: MemberRole | undefined) => role === 'admin' || role === 'manager';
export const canExport = (role: MemberRole | undefined) =>
  role === 'admin' || role === 'manager' || role === 'auditor';
