import { type Action, can, refusal } from '@plastrace/shared';
import type { Caller } from '../context.ts';
import { forbidden } from './errors.ts';

/** Refuses a caller whose role may not do `action` (the shared table of docs/architecture.md: Who may do what). */
export function assertMay(caller: Caller, action: Action, message?: string): void {
  if (!can(caller.role, action)) throw forbidden(message ?? refusal(action));
}
