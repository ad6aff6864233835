import { can, divide, formatUnits, toUnits } from '@plastrace/shared';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import type { Caller } from '../../plugins/auth.ts';
import { summary as iotAlertsSummary } from '../iot-alerts/iot-alerts.service.ts';
import * as repo from './dashboard.repo.ts';

// The staff dashboard's operations part (docs/architecture.md "Insight"). One call per part; each reads
// the daily facts or a small indexed count, so the page stays fast on a large ledger.

const units = (v: string, scale: number) => toUnits(v, scale);

/** (current − previous) ÷ previous in %, one decimal; null when there was nothing before. */
export function changePct(current: string, previous: string, scale = 3): string | null {
  const prev = units(previous, scale);
  if (prev === 0n) return null;
  const pct = divide((units(current, scale) - prev) * 100n, scale, prev < 0n ? -prev : prev, scale, 1);
  return pct === null ? null : formatUnits(pct, 1);
}

const change = (current: string, previous: string, scale = 3) => ({
  current: formatUnits(units(current, scale), scale),
  previous: formatUnits(units(previous, scale), scale),
  change_pct: changePct(current, previous, scale),
});

/** Outputs ÷ inputs in %, one decimal; null without inputs. */
const yieldPct = (input: string, output: string) => {
  const pct = divide(units(output, 3) * 100n, 3, units(input, 3), 3, 1);
  return pct === null ? null : formatUnits(pct, 1);
};

/** One snapshot: a posting committed while the dashboard is read cannot make its figures disagree. */
const readOnly = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;

export async function operations(ctx: AppContext, caller: Caller) {
  return ctx.db.transaction((tx) => read(tx, caller), readOnly);
}

async function read(tx: Tx, caller: Caller) {
  const org = caller.organizationId;
  const p = await repo.periodsOf(tx, org);
  const flows = await repo.flows(tx, org, p);
  const stock = await repo.stockByMaterial(tx, org, p.today);
  const money = await repo.balances(tx, org, p.today);
  const mayCredits = can(caller.role, 'credits.read');
  const credits = mayCredits ? await repo.creditsOfYear(tx, org, p.today) : null;
  const alerts = await repo.alertCounts(tx, org, p.today);
  const iotAlerts = can(caller.role, 'devices.read') ? await iotAlertsSummary(tx, org) : null;

  const of = (period: string, measure: string) =>
    flows.find((f) => f.period === period && f.measure === measure) ?? {
      kg: '0',
      kg2: '0',
      php: '0',
      php2: '0',
      n: 0,
    };
  const seesSales = can(caller.role, 'customer_ledger.read');
  const seesPayables = can(caller.role, 'ledger.read');
  const run = of('month', 'run');
  const prevRun = of('prev_month', 'run');
  return {
    today: p.today,
    received: {
      today: change(of('today', 'received').kg, of('prev_day', 'received').kg),
      week: change(of('week', 'received').kg, of('prev_week', 'received').kg),
      month: change(of('month', 'received').kg, of('prev_month', 'received').kg),
      deliveries_month: of('month', 'received').n,
      paid_month: seesPayables ? formatUnits(units(of('month', 'received').php, 2), 2) : null,
    },
    production: {
      runs: run.n,
      input_kg: formatUnits(units(run.kg, 3), 3),
      output_kg: formatUnits(units(run.kg2, 3), 3),
      yield_pct: yieldPct(run.kg, run.kg2),
      previous_yield_pct: yieldPct(prevRun.kg, prevRun.kg2),
    },
    dispatched: {
      kg: change(of('month', 'dispatched').kg, of('prev_month', 'dispatched').kg),
      sales: seesSales ? change(of('month', 'dispatched').php, of('prev_month', 'dispatched').php, 2) : null,
    },
    stock: {
      total_kg: formatUnits(
        stock.reduce((s, r) => s + units(r.kg, 3), 0n),
        3,
      ),
      total_value: formatUnits(
        stock.reduce((s, r) => s + units(r.value, 2), 0n),
        2,
      ),
      by_material: stock.map((r) => ({ ...r, kg: formatUnits(units(r.kg, 3), 3) })),
    },
    payables: seesPayables ? money.payables : null,
    receivables: seesSales ? money.receivables : null,
    credits: credits ? { year: Number(p.today.slice(0, 4)), ...credits } : null,
    trend: trendOf(flows, p.trend_start),
    alerts: alertsOf(alerts),
    iot_alerts: iotAlerts,
  };
}

/** Twelve months ending with this one, every month present (a month without records is zero). */
function trendOf(flows: repo.FlowRow[], start: string) {
  const months: string[] = [];
  const [y, m] = start.split('-').map(Number) as [number, number];
  for (let i = 0; i < 12; i++) {
    const d = new Date(Date.UTC(y, m - 1 + i, 1));
    months.push(d.toISOString().slice(0, 7));
  }
  const kg = (month: string, measure: string, field: 'kg' | 'kg2' = 'kg') =>
    formatUnits(units(flows.find((f) => f.period === month && f.measure === measure)?.[field] ?? '0', 3), 3);
  return months.map((month) => ({
    month,
    received_kg: kg(month, 'received'),
    produced_kg: kg(month, 'run', 'kg2'),
    dispatched_kg: kg(month, 'dispatched'),
  }));
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function alertsOf(a: repo.AlertCounts) {
  const all = [
    {
      kind: 'quarantined_lots',
      severity: 'warning',
      count: a.quarantined_lots,
      message: `${plural(a.quarantined_lots, 'lot is', 'lots are')} in quarantine`,
      link: '/batch-management?status=quarantined',
    },
    {
      kind: 'open_stock_counts',
      severity: 'warning',
      count: a.open_stock_counts,
      message: `${plural(a.open_stock_counts, 'stock count is', 'stock counts are')} open`,
      link: '/inventory?tab=counts',
    },
    {
      kind: 'flagged_counts',
      severity: 'critical',
      count: a.flagged_counts,
      message: `${plural(a.flagged_counts, 'stock count', 'stock counts')} of the last 30 days found a difference above 0.5 % of book`,
      link: '/mass-balance',
    },
    {
      kind: 'licences_expired',
      severity: 'critical',
      count: a.licences_expired,
      message: `${plural(a.licences_expired, 'driver’s licence has', 'drivers’ licences have')} expired`,
      link: '/dispatcher-management',
    },
    {
      kind: 'licences_expiring',
      severity: 'warning',
      count: a.licences_expiring,
      message: `${plural(a.licences_expiring, 'driver’s licence expires', 'drivers’ licences expire')} within 30 days`,
      link: '/dispatcher-management',
    },
    {
      kind: 'accreditations_expired',
      severity: 'critical',
      count: a.accreditations_expired,
      message: `${plural(a.accreditations_expired, 'hauler’s accreditation has', 'haulers’ accreditations have')} expired`,
      link: '/dispatcher-management?tab=haulers',
    },
    {
      kind: 'accreditations_expiring',
      severity: 'warning',
      count: a.accreditations_expiring,
      message: `${plural(a.accreditations_expiring, 'hauler’s accreditation expires', 'haulers’ accreditations expire')} within 30 days`,
      link: '/dispatcher-management?tab=haulers',
    },
    {
      kind: 'open_discrepancies',
      severity: 'critical',
      count: a.open_discrepancies,
      message: `${plural(a.open_discrepancies, 'delivery differs', 'deliveries differ')} from what was shipped and await a manager`,
      link: '/dispatch-records?delivery=discrepancy',
    },
  ] as const;
  return all.filter((x) => x.count > 0);
}
