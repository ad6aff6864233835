import { randomBytes } from 'node:crypto';
import type { TestClient } from './http.ts';

export type DeviceKind =
  | 'weighbridge'
  | 'platform_scale'
  | 'energy_meter'
  | 'gps_tracker'
  | 'environment_sensor';

const firstId = async (c: TestClient, path: string): Promise<string | undefined> =>
  (await c.get(`${path}?limit=1`)).json().items?.[0]?.id;

const created = async (c: TestClient, path: string, body: object): Promise<string> => {
  const res = await c.post(path, body);
  if (res.statusCode !== 201) throw new Error(`POST ${path} failed: ${res.statusCode} ${res.body}`);
  return res.json().id;
};

const suffix = () => randomBytes(3).toString('hex');

async function facilityOf(c: TestClient): Promise<string> {
  const id = await firstId(c, '/api/facilities');
  if (!id) throw new Error('the organization has no facility: use seededOrganization');
  return id;
}

/** The organization's first production line, or a new one (the demo seed has none). */
async function lineOf(c: TestClient): Promise<string> {
  return (
    (await firstId(c, '/api/production-lines')) ??
    created(c, '/api/production-lines', {
      code: `LINE-${suffix()}`,
      name: 'Wash line',
      facility_id: await facilityOf(c),
    })
  );
}

/** The organization's first vehicle, or a new one. */
async function vehicleOf(c: TestClient): Promise<string> {
  return (
    (await firstId(c, '/api/vehicles')) ??
    created(c, '/api/vehicles', {
      code: `NBC ${suffix()}`,
      name: 'Wing van',
      type: 'closed_van',
      capacity_kg: '10000',
    })
  );
}

/**
 * Registers a device through the API (POST /api/devices) with what its kind needs: a scale or sensor
 * the organization's first facility, a meter its first production line, a tracker its first vehicle
 * (a seeded organization has them). Answers its id.
 */
export async function registerDevice(c: TestClient, kind: DeviceKind, extra: object = {}): Promise<string> {
  const refs: Record<string, string | number> = {};
  if (kind === 'weighbridge' || kind === 'platform_scale') {
    refs.facility_id = await facilityOf(c);
    refs.capacity_kg = 60000;
  } else if (kind === 'environment_sensor') refs.facility_id = await facilityOf(c);
  else if (kind === 'energy_meter') refs.production_line_id = await lineOf(c);
  else refs.vehicle_id = await vehicleOf(c);
  const code = `${kind.slice(0, 2).toUpperCase()}-${suffix()}`;
  return created(c, '/api/devices', { code, name: `Test ${kind} ${code}`, kind, ...refs, ...extra });
}

/** Issues an ingest key (bound to `deviceId` when given) as an administrator; answers its id and secret. */
export async function ingestKey(
  admin: TestClient,
  deviceId: string | null,
): Promise<{ id: string; secret: string }> {
  const res = await admin.post('/api/api-keys', {
    name: `ingest ${randomBytes(3).toString('hex')}`,
    scopes: ['ingest'],
    ...(deviceId ? { device_id: deviceId } : {}),
  });
  if (res.statusCode !== 201) throw new Error(`issuing a key failed: ${res.statusCode} ${res.body}`);
  const { id, secret } = res.json();
  return { id, secret };
}

export async function revokeKey(admin: TestClient, keyId: string): Promise<void> {
  const res = await admin.post(`/api/api-keys/${keyId}/revoke`, {});
  if (res.statusCode !== 200) throw new Error(`revoking a key failed: ${res.statusCode} ${res.body}`);
}

/** A weight reading of a scale, `secondsAgo` before now. */
export const weight = (
  deviceId: string,
  seq: number,
  kg: number,
  opts: { stable?: boolean; secondsAgo?: number } = {},
) => ({
  device_id: deviceId,
  seq,
  recorded_at: new Date(Date.now() - (opts.secondsAgo ?? 0) * 1000).toISOString(),
  kind: 'weight',
  value: kg,
  unit: 'kg',
  ...(opts.stable === undefined ? {} : { stable: opts.stable }),
});
