import type { MemberRole } from '@plastrace/shared';
import { forbidden } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/auth.ts';

// docs/architecture.md: Who may do what: admins manage members and may invite anyone; managers invite every role but admin.
const INVITABLE: Record<MemberRole, readonly MemberRole[]> = {
  admin: ['admin', 'manager', 'operator', 'auditor', 'supplier'],
  manager: ['manager', 'operator', 'auditor', 'supplier'],
  operator: [],
  auditor: [],
  supplier: [],
};

export function assertCanInvite(caller: Caller, role: MemberRole): void {
  if (!INVITABLE[caller.role].includes(role)) {
    throw forbidden(
      INVITABLE[caller.role].length
        ? `Your role may not invite an ${role === 'admin' ? 'administrator' : role}`
        : 'Your role may not invite team members',
    );
  }
}
