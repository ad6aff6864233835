import type { Camelize } from '@plastrace/shared';

/**
 * camelCase ↔ snake_case conversion of JSON keys (spec §7: TypeScript code is camelCase, the wire is
 * snake_case). Conversion is deep through plain objects and arrays, with one exception: the value of a
 * `metadata` key is passed through untouched in both directions. Metadata is free-form data whose keys
 * are the caller's own (the spec's activity-log metadata keys are camelCase: recordType, dataType, …),
 * so renaming them would change the data, not the format.
 */

const PRESERVED_KEYS = new Set(['metadata']);

export const toSnakeKey = (key: string): string => key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

export const toCamelKey = (key: string): string =>
  key.replace(
    /([a-zA-Z0-9])_([a-zA-Z0-9])/g,
    (_, before: string, after: string) => before + after.toUpperCase(),
  );

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function convertKeys(value: unknown, convertKey: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => convertKeys(item, convertKey));
  if (!isPlainObject(value)) return value;
  const result: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    const newKey = convertKey(key);
    result[newKey] = PRESERVED_KEYS.has(newKey) ? inner : convertKeys(inner, convertKey);
  }
  return result;
}

export const snakeKeys = (value: unknown): unknown => convertKeys(value, toSnakeKey);
export const camelKeys = (value: unknown): unknown => convertKeys(value, toCamelKey);

/**
 * The camelCase type of a shared zod wire schema: `Wire<typeof invitationVerifySchema>` is
 * `Camelize<z.infer<typeof invitationVerifySchema>>` without the web importing zod itself (used with
 * `import type`, so no schema code enters the bundle).
 */
export type Wire<Schema extends { _output: unknown }> = Camelize<Schema['_output']>;
