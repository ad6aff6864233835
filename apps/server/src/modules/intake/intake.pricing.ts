import type { receiveRecordInputSchema } from '@plastrace/shared';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { formatDecimal, multiply, parseDecimal } from '../../lib/decimal.ts';
import { AppError, assertNotFuture } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import { getActiveFacility } from '../facilities/facilities.repo.ts';
import { getActiveMaterials } from '../materials/materials.repo.ts';
import { currentPrice } from '../prices/prices.repo.ts';
import { getActiveSupplier } from '../suppliers/suppliers.repo.ts';

// A delivery's header and lines as they are stored: checked against the organization's active master
// data, weights and money computed exactly, and prices defaulted from the price list.

type Input = z.output<typeof receiveRecordInputSchema>;

type Pricing = {
  material: Awaited<ReturnType<typeof getActiveMaterials>>[number] | undefined;
  region: string | null;
  receivedAt: Date;
  day: string;
};

/** One line's weights, deduction and money, exactly; the unit price defaults from the price list. */
async function priceLine(
  tx: Tx,
  caller: Caller,
  l: Input['lines'][number],
  i: number,
  recordId: string,
  p: Pricing,
) {
  const { material, region, receivedAt, day } = p;
  const field = (name: string) => `body.lines.${i}.${name}`;
  if (!material)
    throw new AppError(404, 'not_found', 'Material not found', {
      fields: { [field('material_id')]: 'Material not found or archived' },
    });
  const gross = parseDecimal(l.gross_kg, 3);
  const tare = parseDecimal(l.tare_kg, 3);
  const deduction = parseDecimal(l.deduction_pct, 2);
  if (gross <= 0n)
    throw new AppError(400, 'validation_failed', 'Gross weight must be above 0', {
      fields: { [field('gross_kg')]: 'Gross weight must be above 0' },
    });
  if (tare >= gross)
    throw new AppError(400, 'validation_failed', 'Tare must be less than gross', {
      fields: { [field('tare_kg')]: 'Tare must be less than gross' },
    });
  if (deduction >= 10000n)
    throw new AppError(400, 'validation_failed', 'Deduction must be below 100 %', {
      fields: { [field('deduction_pct')]: 'Deduction must be below 100 %' },
    });
  let price = l.unit_price;
  if (price === undefined) {
    price = region
      ? (
          await currentPrice(tx, caller.organizationId, {
            materialId: material.id,
            grade: material.grade,
            region,
            on: receivedAt,
          })
        )?.pricePerKg
      : undefined;
    if (price === undefined) {
      const msg = `No price for ${material.name} in ${region ?? 'this facility’s region'} on ${day}: enter the unit price`;
      throw new AppError(422, 'unprocessable', msg, { fields: { [field('unit_price')]: msg } });
    }
  }
  const net = gross - tare;
  const payable = multiply(net, 3, 10000n - deduction, 4, 3);
  const amount = multiply(payable, 3, parseDecimal(price, 2), 2, 2);
  return {
    organizationId: caller.organizationId,
    recordId,
    lineNo: i + 1,
    materialId: material.id,
    grossKg: formatDecimal(gross, 3),
    tareKg: formatDecimal(tare, 3),
    netKg: formatDecimal(net, 3),
    deductionPct: formatDecimal(deduction, 2),
    payableKg: formatDecimal(payable, 3),
    unitPrice: formatDecimal(parseDecimal(price, 2), 2),
    amount: formatDecimal(amount, 2),
  };
}

export async function priceLines(
  tx: Tx,
  caller: Caller,
  input: Input,
  region: string | null,
  recordId: string,
) {
  const mats = await getActiveMaterials(tx, caller.organizationId, [
    ...new Set(input.lines.map((l) => l.material_id)),
  ]);
  const byId = new Map(mats.map((m) => [m.id, m]));
  const receivedAt = new Date(input.received_at);
  const day = input.received_at.slice(0, 10);
  const priced = [];
  // In turn, not Promise.all: the price lookups share the transaction's one connection.
  for (const [i, l] of input.lines.entries())
    priced.push(
      await priceLine(tx, caller, l, i, recordId, {
        material: byId.get(l.material_id),
        region,
        receivedAt,
        day,
      }),
    );
  return priced;
}

export async function header(tx: Tx, caller: Caller, input: Input) {
  assertNotFuture(new Date(input.received_at), 'received_at', 'The time received');
  const supplier = await getActiveSupplier(tx, caller.organizationId, input.supplier_id);
  const facility = await getActiveFacility(tx, caller.organizationId, input.facility_id);
  if (!supplier)
    throw new AppError(404, 'not_found', 'Supplier not found', {
      fields: { 'body.supplier_id': 'Supplier not found or archived' },
    });
  if (!facility)
    throw new AppError(404, 'not_found', 'Facility not found', {
      fields: { 'body.facility_id': 'Facility not found or archived' },
    });
  return {
    facility,
    values: {
      supplierId: supplier.id,
      facilityId: facility.id,
      receivedAt: new Date(input.received_at),
      weighbridgeTicket: input.weighbridge_ticket || null,
      scaleDeviceId: input.scale_device_id || null,
      vehiclePlate: input.vehicle_plate || null,
      notes: input.notes || null,
    },
  };
}
