import type { MemberRole } from '@plastrace/shared';
import { forbidden } from '../../lib/errors.ts';
import { MAY } from '../../lib/policy.ts';
import type { Caller } from '../../plugins/auth.ts';

/**
 * DESIGN.md §4: counting is operational work anyone on the floor may do; turning the differences into
 * stock adjustments is a manager's or an administrator's, as adjusting a lot by hand is. Counts show
 * every lot of a facility, so supplier members never see them.
 */
const COUNT_MAY = {
  read: ['admin', 'manager', 'operator', 'auditor'],
  open: MAY.draftAndPost,
  count: MAY.draftAndPost,
  cancel: MAY.draftAndPost,
  post: MAY.voidAndAdjust,
} as const satisfies Record<string, readonly MemberRole[]>;

const REFUSAL: Record<keyof typeof COUNT_MAY, string> = {
  read: 'Your role may not see stock counts',
  open: 'Your role may not open stock counts',
  count: 'Your role may not enter counts',
  cancel: 'Your role may not cancel stock counts',
  post: 'Only managers and administrators may post a stock count: posting adjusts stock',
};

export function assertMayCount(caller: Caller, action: keyof typeof COUNT_MAY): void {
  if (!(COUNT_MAY[action] as readonly MemberRole[]).includes(caller.role)) throw forbidden(REFUSAL[action]);
}
