import { formatUnits, paymentInputSchema, receiveRecordInputSchema, toUnits } from '@plastrace/shared';
import type { AppContext } from '../context.ts';
import * as intake from '../modules/intake/intake.service.ts';
import { SUPPLIER_BOOK } from '../modules/ledger/ledger.books.ts';
import * as ledger from '../modules/ledger/payments.service.ts';
import type { Caller } from '../plugins/auth.ts';
import { clockAt } from './clock.ts';
import {
  manilaDate,
  manilaDays,
  manilaTime,
  type PlanInput,
  type PlannedDelivery,
  planDeliveries,
  type SeedSupplier,
} from './deliveries-plan.ts';

export type DeliveryCounts = {
  receiveRecords: number;
  posted: number;
  drafts: number;
  voided: number;
  payments: number;
};

export type DeliveryOptions = PlanInput & {
  /** The newest deliveries stay drafts, as if the weighbridge clerk had not posted them yet. */
  drafts: number;
  /** Deliveries entered twice by mistake: the copy is posted, then voided by a manager. */
  duplicates: number;
};

type Payable = { dueAt: number; amount: bigint; number: string };
type Account = { supplier: SeedSupplier; open: Payable[] };

const DAY_MS = 86_400_000;
const PAYOUT_MIN = 16 * 60;
const numbers = (due: Payable[]) =>
  due.length <= 4
    ? due.map((p) => p.number).join(', ')
    : `${due.length} deliveries, ${due[0]?.number} to ${due.at(-1)?.number}`;

/**
 * Months of deliveries recorded through the real intake and ledger services, in the order they
 * happened: an operator drafts and posts each one (lots, stock-in rows, payables), managers void the
 * duplicates and pay suppliers (pickers in cash at the scale, everyone else on Friday payouts once
 * their terms have passed). Services run their own transactions; inside the seed's they are savepoints.
 */
export async function seedDeliveries(
  ctx: AppContext,
  actors: { operator: Caller; manager: Caller },
  opts: DeliveryOptions,
): Promise<DeliveryCounts> {
  const { rand } = opts;
  const plan = planDeliveries(opts);
  const drafts = Math.min(opts.drafts, plan.length);
  const postable = plan.length - drafts;
  const duplicateAt = new Set(
    Array.from({ length: opts.duplicates }, (_, k) =>
      Math.floor(((k + 1) * postable) / (opts.duplicates + 1)),
    ),
  );
  const counts: DeliveryCounts = { receiveRecords: 0, posted: 0, drafts: 0, voided: 0, payments: 0 };
  const accounts = new Map<string, Account>();
  let vouchers = 0;

  const pay = async (supplier: SeedSupplier, amount: bigint, on: Date, note: string) => {
    const reference =
      supplier.paymentMethod === 'gcash'
        ? `${rand.int(1000000, 9999999)}${rand.int(100000, 999999)}`
        : supplier.paymentMethod === 'bank'
          ? `${supplier.bank ?? 'BDO'}-${manilaDate(on).replaceAll('-', '')}-${rand.int(100000, 999999)}`
          : `CV-${manilaDate(on).slice(0, 4)}-${String(++vouchers).padStart(5, '0')}`;
    const payment = paymentInputSchema.parse({
      supplier_id: supplier.id,
      amount: formatUnits(amount, 2),
      method: supplier.paymentMethod,
      reference,
      note,
      paid_at: on.toISOString(),
    });
    await clockAt(ctx.db, on, 2);
    await ledger.pay(ctx, SUPPLIER_BOOK, actors.manager, supplier.id, payment);
    counts.payments++;
  };

  const fridays = manilaDays(opts.start, opts.asOf, (weekday) => weekday === 5);
  const payoutsUntil = async (until: Date) => {
    while (fridays.length && manilaTime(fridays[0] as number, PAYOUT_MIN) <= until) {
      const on = manilaTime(fridays.shift() as number, PAYOUT_MIN);
      for (const account of accounts.values()) {
        const due = account.open.filter((p) => p.dueAt <= on.getTime());
        if (!due.length) continue;
        account.open = account.open.filter((p) => p.dueAt > on.getTime());
        const total = due.reduce((sum, p) => sum + p.amount, 0n);
        await pay(account.supplier, total, on, `Payout of ${manilaDate(on)}: ${numbers(due)}`);
      }
    }
  };

  // The clerk types the slip as the truck leaves the scale and posts it a few minutes later.
  const record = async (d: PlannedDelivery, post: boolean) => {
    await clockAt(ctx.db, d.at, 4);
    const created = await intake.create(ctx, actors.operator, receiveRecordInputSchema.parse(d.input));
    counts.receiveRecords++;
    if (!post) return created.body;
    await clockAt(ctx.db, d.at, 9);
    return (await intake.post(ctx, actors.operator, created.body.id)).body;
  };

  for (const [i, d] of plan.entries()) {
    await payoutsUntil(d.at);
    if (i >= postable) {
      await record(d, false);
      counts.drafts++;
      continue;
    }
    const posted = await record(d, true);
    counts.posted++;
    if (duplicateAt.has(i)) {
      const copy = await record(d, true);
      const ticket = d.input.weighbridge_ticket;
      await clockAt(ctx.db, d.at, 95); // a manager spots the copy later that morning
      await intake.voidRecord(
        ctx,
        actors.manager,
        copy.id,
        ticket
          ? `Duplicate of ${posted.number}: weighbridge ticket ${ticket} was entered twice`
          : `Duplicate of ${posted.number}: the same scale slip was entered twice`,
      );
      counts.voided++;
    }
    const amount = toUnits(posted.total_amount, 2);
    if (d.profile.termsDays === 0) {
      await pay(d.supplier, amount, d.at, `Paid in cash at the scale for ${posted.number}`);
      continue;
    }
    const account = accounts.get(d.supplier.id) ?? { supplier: d.supplier, open: [] };
    accounts.set(d.supplier.id, account);
    account.open.push({
      dueAt: d.at.getTime() + d.profile.termsDays * DAY_MS,
      amount,
      number: posted.number,
    });
  }
  await payoutsUntil(opts.asOf);
  return counts;
}
