import { formatUnits, type MeterEnergy, toUnits } from '@plastrace/shared';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import * as repo from './devices-use.repo.ts';

/**
 * A production line's metered energy between two instants: its energy meter's cumulative readings at
 * `from` and at `to` and their difference. A missing figure is null, with the reason the form shows.
 */
export async function meterEnergy(
  ctx: AppContext,
  caller: Caller,
  lineId: string,
  from: string,
  to: string,
): Promise<MeterEnergy> {
  if (!(await repo.lineOf(ctx.db, caller.organizationId, lineId))) throw notFound('Production line');
  const device = await repo.meterOfLine(ctx.db, caller.organizationId, lineId);
  if (!device)
    return { device: null, start: null, end: null, kwh: null, reason: 'This line has no energy meter' };
  // One after the other: each is one indexed lookup, and the pool is shared with postings.
  const start = await repo.meterReadingAt(ctx.db, device.id, from);
  const end = await repo.meterReadingAt(ctx.db, device.id, to);
  if (!start || !end)
    return {
      device,
      start,
      end,
      kwh: null,
      reason: `Meter ${device.code} has no reading in the 15 minutes before the ${start ? 'end' : 'start'}`,
    };
  const kwh = toUnits(end.value, 2) - toUnits(start.value, 2);
  if (kwh < 0n)
    return {
      device,
      start,
      end,
      kwh: null,
      reason: `Meter ${device.code} went backwards (reset or replaced?)`,
    };
  return { device, start, end, kwh: formatUnits(kwh, 2), reason: null };
}
