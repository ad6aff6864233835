import { driverCreateSchema, haulerCreateSchema, vehicleCreateSchema } from '@plastrace/shared';
import type { AppContext } from '../context.ts';
import { dayIn } from '../lib/time.ts';
import * as drivers from '../modules/dispatchers/drivers.service.ts';
import * as haulers from '../modules/dispatchers/haulers.service.ts';
import * as vehicles from '../modules/dispatchers/vehicles.service.ts';
import type { Caller } from '../plugins/auth.ts';
import { DEMO_ORG } from './data.ts';

export type DispatcherCounts = { drivers: number; vehicles: number; haulers: number };

// Who and what carries the demo plant's bales and pellets out: its own trucks and drivers, and two
// trucking companies. One licence expires within the month and one has lapsed, so the dispatcher page
// has something to warn about on the demo's day.

const HAULERS = [
  {
    code: 'HAUL-001',
    name: 'Northline Trucking Services',
    contact_name: 'Edwin Soriano',
    phone: '+63 917 811 2040',
    accreditation_number: 'EMB-NCR-TR-0147',
    validDays: 300,
  },
  {
    code: 'HAUL-002',
    name: 'Visayas Cargo Movers Inc.',
    contact_name: 'Grace Uy',
    phone: '(032) 254 7788',
    accreditation_number: 'EMB-R7-TR-0088',
    validDays: 25,
  },
] as const;

const DRIVERS = [
  { code: 'DRV-001', name: 'Juan dela Cruz', phone: '0917 123 4567', licence: 'N01-12-345678', days: 640 },
  { code: 'DRV-002', name: 'Ramon Bautista', phone: '0918 234 5678', licence: 'N02-15-223344', days: 12 },
  { code: 'DRV-003', name: 'Carlo Mendoza', phone: '0927 345 6789', licence: 'D07-18-334455', days: -20 },
  { code: 'DRV-004', name: 'Arnel Villanueva', phone: '0939 456 7890', licence: 'N04-20-445566', days: 410 },
] as const;

const VEHICLES = [
  {
    code: 'NBC 1234',
    name: 'Isuzu Forward 6-wheeler wing van',
    type: 'wing_van',
    capacity_kg: '10000',
    hauler: null,
  },
  { code: 'NDA 4521', name: 'Isuzu Elf closed van', type: 'closed_van', capacity_kg: '4000', hauler: null },
  {
    code: 'GAB 7730',
    name: 'Mitsubishi Canter dropside',
    type: 'dropside',
    capacity_kg: '2500',
    hauler: 'HAUL-002',
  },
  {
    code: 'NGT 5512',
    name: 'Hino 700 tractor trailer',
    type: 'tractor_trailer',
    capacity_kg: '25000',
    hauler: 'HAUL-001',
  },
] as const;

/** Drivers, haulers and vehicles through the real services, dated from the demo's day. */
export async function seedDispatchers(
  ctx: AppContext,
  manager: Caller,
  asOf: Date,
): Promise<DispatcherCounts> {
  const today = dayIn(asOf, DEMO_ORG.timeZone);
  const day = (n: number) =>
    new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  const haulerId = new Map<string, string>();
  for (const { validDays, ...h } of HAULERS) {
    const made = await haulers.create(
      ctx,
      manager,
      haulerCreateSchema.parse({ ...h, accreditation_valid_until: day(validDays) }),
    );
    haulerId.set(h.code, made.id);
  }
  for (const d of DRIVERS)
    await drivers.create(
      ctx,
      manager,
      driverCreateSchema.parse({
        code: d.code,
        name: d.name,
        phone: d.phone,
        licence_number: d.licence,
        licence_expires_on: day(d.days),
      }),
    );
  for (const { hauler, ...v } of VEHICLES)
    await vehicles.create(
      ctx,
      manager,
      vehicleCreateSchema.parse({ ...v, hauler_id: hauler ? haulerId.get(hauler) : null }),
    );
  return { drivers: DRIVERS.length, vehicles: VEHICLES.length, haulers: HAULERS.length };
}
