import { PERMISSIONS } from '@plastrace/shared';
import type { Tx } from '../../db/client.ts';
import type { Caller } from '../../plugins/auth.ts';
import { logChange } from '../activity/changes.ts';
import { enqueue } from '../mail/mail.repo.ts';
import { notify } from '../organization/notifications.repo.ts';
import { traders } from './rfqs.repo.ts';

// What happens to a request for quotation is told to the other party (in the app and by e-mail) and written
// to both organizations' activity logs, in the step's transaction, as every marketplace step is
// (notify.ts marketStep, whose events are offers and deals and whose links open /marketplace).

export type RfqEvent = {
  otherOrganizationId: string;
  rfqId: string;
  mine: string;
  theirs: string;
  title: string;
  /** Where the other party sees it: /enhanced-marketplace?tab=… */
  link: string;
  type?: 'CREATE_RECORD' | 'UPDATE_RECORD';
};

export async function rfqStep(tx: Tx, caller: Caller, e: RfqEvent) {
  const change = { type: e.type ?? ('UPDATE_RECORD' as const), entityType: 'market_rfq', entityId: e.rfqId };
  await logChange(tx, caller, { ...change, description: e.mine });
  await logChange(
    tx,
    { ...caller, organizationId: e.otherOrganizationId },
    { ...change, description: e.theirs },
  );
  for (const t of await traders(tx, e.otherOrganizationId, PERMISSIONS['market.trade'].roles)) {
    await notify(tx, e.otherOrganizationId, t.user_id, 'market', e.title, e.theirs);
    await enqueue(tx, {
      to: t.email,
      subject: `${e.title} on the PlasTrace marketplace`,
      text: `Hello ${t.name},\n\n${e.theirs}\n\nOpen it here:\n\n${e.link}\n`,
    });
  }
}
