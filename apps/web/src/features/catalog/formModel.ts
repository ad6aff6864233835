import type { ReactNode } from 'react';

export interface Option {
  value: string;
  label: string;
}

/** One input of a master-data form. `name` is the camelCase path of the value ('paymentDetails.bank'). */
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

/** Checks what the browser can check; the server checks the rest and answers per field. */
export function validateValues(fields: FieldDef[], values: FormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const f of fields) {
    if (f.showIf && !f.showIf(values)) continue;
    const v = values[f.name];
    const text = typeof v === 'string' ? v.trim() : '';
    if (f.required && (Array.isArray(v) ? v.length === 0 : !text)) {
      errors[f.name] = `${f.label} is required`;
    } else if (f.kind === 'int' && text && !/^-?\d+$/.test(text)) {
      errors[f.name] = `${f.label} must be a whole number`;
    } else if (f.kind === 'decimal' && text && !/^-?\d+(\.\d+)?$/.test(text)) {
      errors[f.name] = `${f.label} must be a number`;
    } else if (f.kind === 'email' && text && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text)) {
      errors[f.name] = 'Enter a valid email address';
    }
  }
  return errors;
}

function wireValue(f: FieldDef, v: FormValue | undefined, mode: 'create' | 'edit', nested: boolean) {
  if (f.kind === 'multi') return Array.isArray(v) ? v : [];
  const text = typeof v === 'string' ? v.trim() : '';
  // Nested objects (payment details) take "" for none; top-level fields take null to clear.
  if (nested) return text;
  if (!text) return mode === 'create' ? undefined : f.required ? '' : null;
  if (f.kind === 'int') return Number(text);
  return text;
}

/**
 * The request body (camelCase; the client snake_cases it). On create, empty optional fields are left
 * out; on edit they are sent as null ("none"). Dotted names become nested objects.
 */
export function bodyOf(fields: FieldDef[], values: FormValues, mode: 'create' | 'edit') {
  const body: Record<string, unknown> = {};
  for (const f of fields) {
    const [head, ...rest] = f.name.split('.');
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
