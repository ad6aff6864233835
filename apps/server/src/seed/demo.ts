import { and, count, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Db, Tx } from '../db/client.ts';
import {
  facilities,
  materials,
  materialTypes,
  memberships,
  organizations,
  prices,
  suppliers,
  users,
} from '../db/schema/index.ts';
import { createLogger } from '../lib/logger.ts';
import { hashPassword } from '../lib/passwords.ts';
import { prng, type Random } from '../lib/random.ts';
import { Mailer } from '../modules/mail/mail.service.ts';
import type { Caller } from '../plugins/auth.ts';
import { clockAt } from './clock.ts';
import {
  CITIES,
  DEMO_MEMBERS,
  DEMO_ORG,
  DEMO_PASSWORD,
  FACILITIES,
  FIRST_NAMES,
  LAST_NAMES,
  MATERIALS,
  PRICE_REGIONS,
  SUPPLIERS,
} from './data.ts';
import { type DeliveryCounts, seedDeliveries } from './deliveries.ts';
import { manilaTime, type SeedSupplier } from './deliveries-plan.ts';
import { type DeviceCounts, seedDevices } from './devices.ts';
import { type DispatcherCounts, seedDispatchers } from './dispatchers.ts';
import { type FranchiseeCounts, seedFranchisees } from './franchisees.ts';
import { type LogisticsCounts, seedLogistics } from './logistics.ts';
import { type MarketCounts, seedMarket } from './market.ts';
import { type OutboundCounts, seedOutbound } from './outbound.ts';
import { type PassportCounts, seedPassports } from './passports.ts';
import { type ProductionCounts, seedProduction } from './production.ts';
import { type ProductCounts, seedProducts } from './products.ts';
import { type PurchasingCounts, seedPurchasing } from './purchasing.ts';

export type SeedOptions = {
  /** Same seed, same data. */
  seed: number;
  /** Multiplies the generated suppliers, months of price history and deliveries, for benchmarks. */
  scale?: number;
  slug?: string;
  /** The day the price history ends on; defaults to today. Deliveries are all received before it. */
  asOf?: Date;
  /**
   * Also record months of deliveries and supplier payments through the intake and ledger services
   * (`npm run seed` and the first start do; module tests start from master data alone).
   */
  deliveries?: boolean;
  /**
   * The installation's public address (PUBLIC_URL): a published passport's content names its Digital Link
   * on it, for good. Defaults to the server's own default, http://localhost:3000.
   */
  publicUrl?: string;
};

export type SeedResult = {
  organizationId: string;
  name: string;
  slug: string;
  counts: {
    members: number;
    facilities: number;
    suppliers: number;
    materials: number;
    prices: number;
  } & DeliveryCounts &
    ProductionCounts &
    ProductCounts &
    DispatcherCounts &
    OutboundCounts &
    FranchiseeCounts &
    LogisticsCounts &
    PurchasingCounts &
    PassportCounts &
    MarketCounts &
    DeviceCounts;
};

const PRICE_MONTHS = 6;
const DAY_MS = 86_400_000;
/** Per unit of --scale: deliveries over the price history's months, of which the newest stay drafts. */
const DELIVERIES = 120;
const DRAFTS = 3;
const DUPLICATES = 2;
const NO_DELIVERIES: DeliveryCounts = { receiveRecords: 0, posted: 0, drafts: 0, voided: 0, payments: 0 };

function extraSuppliers(rand: Random, n: number) {
  return Array.from({ length: n }, (_, i) => {
    const person = `${rand.pick(FIRST_NAMES)} ${rand.pick(LAST_NAMES)}`;
    const [city, province] = rand.pick(CITIES);
    const junkshop = rand.next() < 0.4;
    return {
      name: junkshop ? `${person.split(' ').at(-1)} Junkshop ${i + 1}` : `${person} (${i + 1})`,
      type: junkshop ? ('junkshop' as const) : ('waste_picker' as const),
      city,
      province,
      contactName: person,
    };
  });
}

const mobile = (rand: Random) => `+63 9${rand.int(10, 99)} ${rand.int(100, 999)} ${rand.int(1000, 9999)}`;

async function insertSeed(tx: Tx, opts: SeedOptions): Promise<SeedResult> {
  const rand = prng(opts.seed);
  const scale = Math.max(1, Math.floor(opts.scale ?? 1));
  const slug = opts.slug ?? DEMO_ORG.slug;
  const asOf = opts.asOf ?? new Date();
  const months = PRICE_MONTHS * scale;
  const historyStart = new Date(Date.UTC(asOf.getUTCFullYear(), asOf.getUTCMonth() - (months - 1), 1));
  // The organization was set up two weeks before its first priced month, at 9 in the morning in Manila:
  // its members, sites, suppliers and price list are dated then, and what follows when it happened.
  const setUp = manilaTime(historyStart.getTime() - 14 * DAY_MS, 9 * 60);
  await clockAt(tx, setUp);
  const [org] = await tx
    .insert(organizations)
    .values({ ...DEMO_ORG, slug, isDemo: true })
    .returning({ id: organizations.id, name: organizations.name });
  if (!org) throw new Error('organization insert returned nothing');
  const organizationId = org.id;

  const insertedFacilities = await tx
    .insert(facilities)
    .values(
      FACILITIES.map((f) => ({
        ...f,
        organizationId,
        permits: [
          {
            kind: 'LGU business permit',
            number: `BP-${f.code}-${rand.int(10000, 99999)}`,
            valid_until: '2026-12-31',
          },
          { kind: 'DENR ECC', number: `ECC-${rand.int(1000, 9999)}-${f.code}`, valid_until: null },
        ],
      })),
    )
    .returning({
      id: facilities.id,
      code: facilities.code,
      type: facilities.type,
      province: facilities.province,
    });

  const supplierSeeds = [...SUPPLIERS, ...extraSuppliers(rand, SUPPLIERS.length * (scale - 1))];
  const supplierRows = supplierSeeds.map((s, i) => {
    const method = s.type === 'waste_picker' ? 'cash' : rand.pick(['cash', 'gcash', 'bank'] as const);
    return {
      ...s,
      organizationId,
      code: `SUP-${String(i + 1).padStart(4, '0')}`,
      phone: mobile(rand),
      paymentMethod: method,
      paymentDetails:
        method === 'gcash'
          ? { gcash_number: mobile(rand) }
          : method === 'bank'
            ? { bank: rand.pick(['BDO', 'BPI', 'Landbank', 'Metrobank']), account_name: s.name }
            : {},
    };
  });
  const insertedSuppliers = await tx.insert(suppliers).values(supplierRows).returning({ id: suppliers.id });

  // One member per role; the supplier member belongs to the first cooperative.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const emailSuffix = slug === DEMO_ORG.slug ? '' : `.${slug}`;
  const callers = new Map<string, Caller>();
  for (const m of DEMO_MEMBERS) {
    const [user] = await tx
      .insert(users)
      .values({
        ...m.user,
        email: m.user.email.replace('@', `${emailSuffix}@`),
        passwordHash,
        emailVerifiedAt: new Date(),
        businessRole: DEMO_ORG.businessRole,
      })
      .returning({ id: users.id });
    if (!user) throw new Error('user insert returned nothing');
    const [membership] = await tx
      .insert(memberships)
      .values({
        organizationId,
        userId: user.id,
        role: m.role,
        supplierId: m.role === 'supplier' ? (insertedSuppliers[0]?.id ?? null) : null,
      })
      .returning({ id: memberships.id, supplierId: memberships.supplierId });
    if (!membership) throw new Error('membership insert returned nothing');
    // The seed acts as the member without a session: services record the user, never the session.
    callers.set(m.role, {
      sessionId: '',
      userId: user.id,
      organizationId,
      membershipId: membership.id,
      role: m.role,
      supplierId: membership.supplierId,
    });
  }

  const types = await tx
    .select({ code: materialTypes.code, name: materialTypes.name })
    .from(materialTypes)
    .where(
      inArray(
        materialTypes.code,
        MATERIALS.map((m) => m.typeCode),
      ),
    );
  const typeName = new Map(types.map((t) => [t.code, t.name]));
  const insertedMaterials = await tx
    .insert(materials)
    .values(
      MATERIALS.map((m) => ({
        organizationId,
        code: m.typeCode,
        name: typeName.get(m.typeCode) ?? m.typeCode,
        polymer: m.polymer as 'PET',
        form: m.form as 'bottles',
        resinCode: m.resinCode,
        typeCode: m.typeCode,
      })),
    )
    .returning({ id: materials.id, code: materials.code });

  // Monthly price history: a small random walk around each material's base price.
  const priceRows = insertedMaterials.flatMap((mat) => {
    const base = MATERIALS.find((m) => m.typeCode === mat.code)?.basePrice ?? 10;
    return PRICE_REGIONS.flatMap(({ region, factor }) => {
      let level = base * factor;
      return Array.from({ length: months }, (_, k) => {
        level = Math.max(1, level * (1 + (rand.next() - 0.5) * 0.08));
        const d = new Date(Date.UTC(asOf.getUTCFullYear(), asOf.getUTCMonth() - (months - 1 - k), 1));
        return {
          organizationId,
          materialId: mat.id,
          region,
          pricePerKg: level.toFixed(2),
          effectiveFrom: d.toISOString().slice(0, 10),
        };
      });
    });
  });
  for (let i = 0; i < priceRows.length; i += 1000)
    await tx.insert(prices).values(priceRows.slice(i, i + 1000));

  const delivered = opts.deliveries
    ? await seedDeliveries(deliveryContext(tx), actors(callers), {
        rand: prng(opts.seed ^ 0x5eed),
        count: DELIVERIES * scale,
        drafts: DRAFTS * scale,
        duplicates: DUPLICATES * scale,
        // The first day with a price, so every line's unit price defaults from the price list.
        start: historyStart,
        asOf,
        suppliers: insertedSuppliers.map(({ id }, i): SeedSupplier => {
          const s = supplierRows[i] as (typeof supplierRows)[number];
          const details = s.paymentDetails as { bank?: string };
          return {
            id,
            type: s.type,
            province: s.province,
            paymentMethod: s.paymentMethod,
            bank: details.bank ?? null,
          };
        }),
        facilities: insertedFacilities.map((f) => ({ ...f, province: f.province ?? '' })),
        materials: insertedMaterials,
      })
    : NO_DELIVERIES;
  // The plant turns what came in into flake and pellets, through the production service.
  const produced = opts.deliveries
    ? await seedProduction(deliveryContext(tx), tx, actors(callers).operator, {
        rand: prng(opts.seed ^ 0x9e0d),
        start: historyStart,
        asOf,
        facility: { id: insertedFacilities.find((f) => f.code === 'MNL1')?.id ?? '' },
        materials: new Map(insertedMaterials.map((m) => [m.code, m.id])),
      })
    : { productionRuns: 0 };
  // The brand's products, the fleet and the franchisees were entered the day after the set-up.
  if (opts.deliveries) await clockAt(tx, setUp, 24 * 60);
  const packed = opts.deliveries
    ? await seedProducts(deliveryContext(tx), actors(callers).manager, asOf)
    : { components: 0, products: 0 };
  const fleet = opts.deliveries
    ? await seedDispatchers(deliveryContext(tx), actors(callers).manager, asOf)
    : { drivers: 0, vehicles: 0, haulers: 0 };
  const network = opts.deliveries
    ? await seedFranchisees(deliveryContext(tx), actors(callers).manager, asOf)
    : { franchisees: 0 };
  // Buyers order flake and pellets; the plant dispatches against the orders; buyers sign and pay.
  const sold = opts.deliveries
    ? await seedOutbound(deliveryContext(tx), tx, actors(callers), {
        rand: prng(opts.seed ^ 0x0d15),
        asOf,
        facility: { id: insertedFacilities.find((f) => f.code === 'MNL1')?.id ?? '' },
        materials: new Map(insertedMaterials.map((m) => [m.code, m.id])),
      })
    : { customers: 0, sellingPrices: 0, salesOrders: 0, dispatches: 0 };

  // A pellet lot's product passport, published: what scanning a demo bag's QR code reads.
  const passported = opts.deliveries
    ? await seedPassports(
        { ...deliveryContext(tx), publicUrl: opts.publicUrl ?? 'http://localhost:3000' },
        tx,
        actors(callers).manager,
      )
    : { passports: 0 };

  // Trucks pick up at junkshops and deliver the dispatches: trips done, on the road and planned.
  const trips = opts.deliveries
    ? await seedLogistics(deliveryContext(tx), actors(callers).operator, asOf)
    : { trips: 0 };

  // An aggregator's baled bottles bought ahead on purchase orders, one half delivered.
  const malabon = insertedSuppliers[supplierRows.findIndex((r) => r.name === 'Malabon Scrap Trading')];
  const pet = insertedMaterials.find((m) => m.code === 'PET_BOTTLES_CLEAR');
  const bought =
    opts.deliveries && malabon && pet
      ? await seedPurchasing(deliveryContext(tx), actors(callers), {
          asOf,
          supplier: malabon,
          facility: { id: insertedFacilities.find((f) => f.code === 'MNL1')?.id ?? '' },
          material: pet,
        })
      : { purchaseOrders: 0, purchaseReceipts: 0 };

  // The plant's marketplace listings: pellets for sale and a buy request, not tied to its lots.
  const pellet = insertedMaterials.find((m) => m.code === 'PET_PELLET');
  const listed =
    opts.deliveries && pellet
      ? await seedMarket(deliveryContext(tx), actors(callers).manager, {
          facilityId: insertedFacilities.find((f) => f.code === 'MNL1')?.id ?? '',
          pelletId: pellet.id,
          asOf,
        })
      : { listings: 0 };

  // The plant's weighbridge, the wash line's energy meter and the van's tracker; no readings until one sends.
  if (opts.deliveries) await clockAt(tx, setUp, 2 * 24 * 60);
  const equipped = opts.deliveries
    ? await seedDevices(deliveryContext(tx), tx, actors(callers).manager, {
        facilityId: insertedFacilities.find((f) => f.code === 'MNL1')?.id ?? '',
        asOf,
      })
    : { devices: 0 };

  return {
    organizationId,
    name: org.name,
    slug,
    counts: {
      members: DEMO_MEMBERS.length,
      facilities: FACILITIES.length,
      suppliers: supplierSeeds.length,
      materials: insertedMaterials.length,
      prices: priceRows.length,
      ...delivered,
      ...produced,
      ...packed,
      ...fleet,
      ...sold,
      ...network,
      ...trips,
      ...bought,
      ...passported,
      ...listed,
      ...equipped,
    },
  };
}

/**
 * The services take the app's context; given the seed's transaction as their database, their own
 * transactions nest as savepoints, so the whole demo still commits or vanishes as one. They send no mail.
 */
function deliveryContext(tx: Tx): AppContext {
  const db = tx as unknown as Db;
  return { db, mailer: new Mailer(db, createLogger('silent'), undefined), publicUrl: '' };
}

function actors(callers: Map<string, Caller>) {
  const operator = callers.get('operator');
  const manager = callers.get('manager');
  if (!operator || !manager) throw new Error('the demo needs an operator and a manager');
  return { operator, manager };
}

/** Creates a demo organization; refuses if the slug is taken so a second run never duplicates data. */
export async function seedDemo(db: Db, opts: SeedOptions): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    const slug = opts.slug ?? DEMO_ORG.slug;
    const [taken] = await tx
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.slug, slug));
    if (taken)
      throw new Error(`An organization with slug "${slug}" already exists; pass --slug to create another.`);
    return insertSeed(tx, opts);
  });
}

/** First start on an empty database: seed the demo organization, deliveries included; otherwise do nothing. */
export async function seedDemoIfEmpty(db: Db, opts: SeedOptions): Promise<SeedResult | undefined> {
  const [row] = await db.select({ n: count() }).from(organizations);
  if ((row?.n ?? 0) > 0) return undefined;
  return seedDemo(db, { deliveries: true, ...opts });
}

/** The demo admin's sign-in, shown as a hint on the login form while the demo organization exists. */
export async function demoHint(db: Db): Promise<{ email: string; password: string } | null> {
  const email = DEMO_MEMBERS[0]?.user.email ?? '';
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(and(eq(users.email, email), eq(organizations.isDemo, true)));
  return row ? { email, password: DEMO_PASSWORD } : null;
}
