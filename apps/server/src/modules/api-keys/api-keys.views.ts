import type { ApiKey, ApiKeyScope } from '@plastrace/shared';
import type { ApiKeyRow } from './api-keys.repo.ts';

/** A key as lists show it: never its secret nor its hash. */
export const toApiKey = (k: ApiKeyRow): ApiKey => ({
  id: k.id,
  name: k.name,
  prefix: k.prefix,
  scopes: k.scopes as ApiKeyScope[],
  device:
    k.deviceId && k.deviceCode !== null && k.deviceName !== null
      ? { id: k.deviceId, code: k.deviceCode, name: k.deviceName }
      : null,
  created_at: k.createdAt.toISOString(),
  created_by: { id: k.createdBy, name: k.createdByName },
  last_used_at: k.lastUsedAt?.toISOString() ?? null,
  revoked_at: k.revokedAt?.toISOString() ?? null,
  issuer_deactivated: k.issuerDeactivated,
});
