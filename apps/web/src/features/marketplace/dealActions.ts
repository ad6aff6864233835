import type { Deal } from './api.ts';

export type DealButton = 'confirm-payment' | 'complete' | 'cancel' | 'rate';

/**
 * What my side of a deal may do now, as the server allows it: the seller of credits confirms the
 * payment (the credits then move), the buyer of material confirms receipt once it is delivered, either
 * party cancels an open deal (a credit deal only before payment), and each rates a completed deal once.
 */
export function dealButtons(d: Deal): DealButton[] {
  if (d.status === 'completed') return d.myRating ? [] : ['rate'];
  if (d.status !== 'open') return [];
  const buttons: DealButton[] = [];
  if (d.kind === 'credits' && d.role === 'seller' && !d.paymentConfirmedAt) buttons.push('confirm-payment');
  if (d.kind === 'material' && d.role === 'buyer') buttons.push('complete');
  if (d.kind === 'material' || !d.paymentConfirmedAt) buttons.push('cancel');
  return buttons;
}
