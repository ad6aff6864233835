import type { MemberRole } from '@plastrace/shared';
import type { Caller } from '../plugins/auth.ts';
import { forbidden } from './errors.ts';

/** DESIGN.md §4: who may do what, by membership role. */
export const MAY = {
  readMasterData: ['admin', 'manager', 'operator', 'auditor'],
  writeMasterData: ['admin', 'manager'],
  draftAndPost: ['admin', 'manager', 'operator'],
  voidAndAdjust: ['admin', 'manager'],
  readOperations: ['admin', 'manager', 'operator', 'auditor', 'supplier'],
  export: ['admin', 'manager', 'auditor'],
} as const satisfies Record<string, readonly MemberRole[]>;

export function assertMay(
  caller: Caller,
  action: keyof typeof MAY,
  message = 'Your role may not do this',
): void {
  if (!(MAY[action] as readonly MemberRole[]).includes(caller.role)) throw forbidden(message);
}
