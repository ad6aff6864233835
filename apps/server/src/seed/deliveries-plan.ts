import type { receiveRecordInputSchema } from '@plastrace/shared';
import type { z } from 'zod';
import type { Random } from '../lib/random.ts';
import {
  type DeliveryProfile,
  PLATE_LETTERS,
  PROFILES,
  type SupplierKind,
  type Vehicle,
} from './deliveries-data.ts';

export type SeedSupplier = {
  id: string;
  type: SupplierKind;
  province: string;
  paymentMethod: 'cash' | 'gcash' | 'bank';
  bank: string | null;
};
export type SeedFacility = { id: string; code: string; type: string; province: string };
export type SeedMaterial = { id: string; code: string };

export type PlannedDelivery = {
  at: Date;
  supplier: SeedSupplier;
  profile: DeliveryProfile;
  input: z.input<typeof receiveRecordInputSchema>;
};

const DAY_MS = 86_400_000;
/** Asia/Manila has no daylight saving: always UTC+8. */
const MANILA_OFFSET_MS = 8 * 3_600_000;
const OPEN_MIN = 7 * 60;
const CLOSE_MIN = 17 * 60;

/** The UTC instant of a Manila wall-clock time on the Manila day that starts at `dayUtc` (a UTC midnight). */
export const manilaTime = (dayUtc: number, minutes: number) =>
  new Date(dayUtc - MANILA_OFFSET_MS + minutes * 60_000);

/** The Manila calendar day of an instant, YYYY-MM-DD. */
export const manilaDate = (at: Date) => new Date(at.getTime() + MANILA_OFFSET_MS).toISOString().slice(0, 10);

/** Manila days (as UTC midnights) from `start` whose gates closed before `asOf`; `keep` filters weekdays. */
export function manilaDays(start: Date, asOf: Date, keep: (weekday: number) => boolean): number[] {
  const days: number[] = [];
  for (let d = start.getTime(); manilaTime(d, CLOSE_MIN) <= asOf; d += DAY_MS)
    if (keep(new Date(d).getUTCDay())) days.push(d);
  return days;
}

const between = (rand: Random, [lo, hi]: [number, number]) => lo + rand.next() * (hi - lo);
const kg = (n: number) => n.toFixed(3);

function plate(rand: Random, lgu: boolean) {
  const letters = Array.from({ length: 3 }, () => rand.pick([...PLATE_LETTERS]));
  // Government vehicles carry red plates starting with S.
  if (lgu) letters[0] = 'S';
  return `${letters.join('')} ${rand.int(1000, 9999)}`;
}

function pickMaterials(rand: Random, profile: DeliveryProfile, n: number): string[] {
  const picked = new Set<string>();
  for (let tries = 0; picked.size < n && tries < 20; tries++) picked.add(rand.pick(profile.materials));
  return [...picked];
}

/**
 * Weighbridge loads are weighed the way yards do it: the full truck, then again after each material
 * is unloaded, so each line's tare is the next line's gross and the last tare is the empty truck.
 */
function weighbridgeLines(rand: Random, vehicle: Vehicle, nets: number[]) {
  const truck = Math.round(between(rand, vehicle.tareKg) / 10) * 10;
  let onScale = truck + nets.reduce((a, b) => a + b, 0);
  return nets.map((net) => {
    const gross = onScale;
    onScale -= net;
    return { gross_kg: kg(gross), tare_kg: kg(onScale) };
  });
}

/** Sacks (sako) of about 0.2 kg each, one per 12 kg or so, on a platform scale reading to 0.1 kg. */
function platformLines(nets: number[]) {
  return nets.map((net) => {
    const tare = Math.ceil(net / 12) * 0.2;
    return { gross_kg: kg(net + tare), tare_kg: kg(tare) };
  });
}

type Fleet = Map<string, { vehicle: Vehicle; plate: string }>;

export type PlanInput = {
  rand: Random;
  count: number;
  start: Date;
  asOf: Date;
  suppliers: SeedSupplier[];
  facilities: SeedFacility[];
  materials: SeedMaterial[];
};

/** Where a supplier delivers: pickers to the nearest collection point or MRF, trucks to a weighbridge. */
function facilityChoices(facilities: SeedFacility[], s: SeedSupplier): SeedFacility[] {
  const near = facilities.filter((f) => f.province === s.province);
  const local = near.length ? near : facilities;
  const wanted =
    s.type === 'waste_picker'
      ? local.filter((f) => f.type === 'junkshop' || f.type === 'mrf')
      : local.filter((f) => f.type !== 'junkshop');
  return wanted.length ? wanted : local;
}

/** `count` deliveries at random working hours (Monday to Saturday) between `start` and `asOf`, oldest first. */
export function planDeliveries(p: PlanInput): PlannedDelivery[] {
  const { rand } = p;
  const days = manilaDays(p.start, p.asOf, (weekday) => weekday !== 0);
  if (!days.length) return [];
  const materialId = new Map(p.materials.map((m) => [m.code, m.id]));
  const idOf = (code: string) => {
    const id = materialId.get(code);
    if (!id) throw new Error(`demo deliveries need material ${code}`);
    return id;
  };
  const weights = p.suppliers.map((s) => PROFILES[s.type].weight);
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  const pickSupplier = () => {
    let r = rand.next() * totalWeight;
    for (const [i, w] of weights.entries()) {
      r -= w;
      if (r < 0) return p.suppliers[i] as SeedSupplier;
    }
    return p.suppliers.at(-1) as SeedSupplier;
  };
  const times = Array.from({ length: p.count }, () =>
    manilaTime(rand.pick(days), rand.int(OPEN_MIN, CLOSE_MIN - 1)),
  ).sort((a, b) => a.getTime() - b.getTime());

  const fleet: Fleet = new Map();
  const tickets = new Map<string, number>();
  return times.map((at) => {
    const supplier = pickSupplier();
    const profile = PROFILES[supplier.type];
    const facility = rand.pick(facilityChoices(p.facilities, supplier));
    const codes = pickMaterials(rand, profile, rand.int(...profile.lines));
    let truck = fleet.get(supplier.id);
    if (!truck && profile.vehicles) {
      truck = { vehicle: rand.pick(profile.vehicles), plate: plate(rand, supplier.type === 'lgu') };
      fleet.set(supplier.id, truck);
    }
    const onWeighbridge = truck !== undefined && facility.type !== 'junkshop';
    const nets = codes.map((): number => {
      const net = between(rand, profile.netKg);
      // Weighbridges read in 10 kg steps, platform scales in 0.1 kg.
      return onWeighbridge ? Math.max(10, Math.round(net / 10) * 10) : Math.round(net * 10) / 10;
    });
    const weighed =
      truck && onWeighbridge ? weighbridgeLines(rand, truck.vehicle, nets) : platformLines(nets);
    let ticket: string | null = null;
    if (onWeighbridge) {
      const n = (tickets.get(facility.code) ?? rand.int(1000, 4000)) + 1;
      tickets.set(facility.code, n);
      ticket = `WB-${facility.code}-${String(n).padStart(6, '0')}`;
    }
    const [lo, hi] = profile.deductionPct;
    return {
      at,
      supplier,
      profile,
      input: {
        supplier_id: supplier.id,
        facility_id: facility.id,
        received_at: at.toISOString(),
        weighbridge_ticket: ticket,
        scale_device_id: `${facility.code}-${onWeighbridge ? 'WB1' : 'PS1'}`,
        vehicle_plate: truck?.plate ?? null,
        notes: rand.next() < 0.3 ? rand.pick(profile.notes) : null,
        lines: weighed.map((w, i) => ({
          material_id: idOf(codes[i] as string),
          ...w,
          deduction_pct: String(rand.int(lo * 2, hi * 2) / 2),
        })),
      },
    };
  });
}
