import type { ReactNode } from 'react';
import { toSnakeKey } from '../../api/caseConvert.ts';

export interface Option {
  value: string;
  label: string;
}

/**
 * One input of a master-data form. `name` is the camelCase path of the value ('paymentDetails.bank');
 * the form itself names it as the wire does (`wireName`).
 */
export interface FieldDef {
  name: string;
  label: string;
  kind?: 'text' | 'email' | 'select' | 'multi' | 'decimal' | 'int' | 'textarea';
  required?: boolean;
  /** Fixed choices, or a hook returning them (reference lists, facilities); called in its own component. */
  options?: Option[] | (() => Option[]);
  placeholder?: string;
  description?: ReactNode;
  /** Shown only when this returns true (a GCash number for GCash payments). */
  showIf?: (values: FormValues) => boolean;
  /** Where the record holds the value when it differs from `name` ('facility.id' for facilityId). */
  source?: string;
  /** 2: the whole row of the two-column form. */
  span?: 1 | 2;
}

export type FormValue = string | string[];
export type FormValues = Record<string, FormValue>;

/** 'paymentDetails.gcashNumber' → 'payment_details.gcash_number': the body's (and the schema's) path. */
export const wireName = (f: FieldDef) => f.name.split('.').map(toSnakeKey).join('.');

function getPath(record: unknown, path: string): unknown {
  let value: unknown = record;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

export function emptyValues(fields: FieldDef[], defaults: FormValues = {}): FormValues {
  const values: FormValues = {};
  for (const f of fields) values[f.name] = defaults[f.name] ?? (f.kind === 'multi' ? [] : '');
  return values;
}

/** The form's values from a record as the API returned it (camelCase). */
export function valuesOf(fields: FieldDef[], record: unknown): FormValues {
  const values: FormValues = {};
  for (const f of fields) {
    const v = getPath(record, f.source ?? f.name);
    if (f.kind === 'multi') values[f.name] = Array.isArray(v) ? v.map(String) : [];
    else values[f.name] = v === null || v === undefined ? '' : String(v);
  }
  return values;
}

/** The form's values (nested, by wire name) from the flat values a config speaks of. */
export function formValuesOf(fields: FieldDef[], values: FormValues): Record<string, unknown> {
  const nested: Record<string, unknown> = {};
  for (const f of fields) {
    const [head, ...rest] = wireName(f).split('.');
    if (!head) continue;
    const value = values[f.name] ?? (f.kind === 'multi' ? [] : '');
    if (rest.length === 0) nested[head] = value;
    else nested[head] = { ...(nested[head] as Record<string, unknown> | undefined), [rest.join('.')]: value };
  }
  return nested;
}

/** The flat values (by config name) of the form's nested ones: what `showIf` and the body are built from. */
export function flatValuesOf(fields: FieldDef[], nested: unknown): FormValues {
  const values: FormValues = {};
  for (const f of fields) {
    const v = getPath(nested, wireName(f));
    values[f.name] = Array.isArray(v) ? v.map(String) : typeof v === 'string' ? v : '';
  }
  return values;
}

export const isShown = (f: FieldDef, values: FormValues) => !f.showIf || f.showIf(values);
export const isEmpty = (v: FormValue | undefined) => (Array.isArray(v) ? v.length === 0 : !v?.trim());

function wireValue(f: FieldDef, v: FormValue | undefined, mode: 'create' | 'edit', nested: boolean) {
  if (f.kind === 'multi') return Array.isArray(v) ? v : [];
  const text = typeof v === 'string' ? v.trim() : '';
  // Nested objects (payment details) take "" for none; top-level fields take null to clear. An empty
  // required field goes as "", which the API's schema refuses in its words ('Code is required').
  if (nested) return text;
  if (!text) return f.required ? '' : mode === 'create' ? undefined : null;
  if (f.kind === 'int') return Number(text);
  return text;
}

/**
 * The request body, keyed as on the wire (the API's schema checks it as is). On create, empty optional
 * fields are left out; on edit they are sent as null ("none"). Dotted names become nested objects.
 */
export function bodyOf(fields: FieldDef[], values: FormValues, mode: 'create' | 'edit') {
  const body: Record<string, unknown> = {};
  for (const f of fields) {
    const [head, ...rest] = wireName(f).split('.');
    if (!head) continue;
    if (rest.length === 0) {
      const value = wireValue(f, values[f.name], mode, false);
      if (value !== undefined) body[head] = value;
      continue;
    }
    const inner = (body[head] ?? {}) as Record<string, unknown>;
    inner[rest.join('.')] = wireValue(f, values[f.name], mode, true);
    body[head] = inner;
  }
  if (mode === 'create') {
    // A nested object with nothing in it is not sent at all.
    for (const [key, value] of Object.entries(body)) {
      if (value && typeof value === 'object' && !Array.isArray(value)) {
        if (Object.values(value).every((x) => x === '')) delete body[key];
      }
    }
  }
  return body;
}

/** Only what changed, so a PATCH never overwrites someone else's change to another field. */
export function changedBody(fields: FieldDef[], initial: FormValues, values: FormValues) {
  const before = bodyOf(fields, initial, 'edit');
  const after = bodyOf(fields, values, 'edit');
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    if (JSON.stringify(value) !== JSON.stringify(before[key])) changed[key] = value;
  }
  return changed;
}

export const optionsOf = (values: readonly string[], label: (v: string) => string = humanize): Option[] =>
  values.map((value) => ({ value, label: label(value) }));

/** 'recycling_plant' → 'Recycling plant'. */
export function humanize(value: string): string {
  const text = value.replaceAll('_', ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
