import { readFileSync } from 'node:fs';
import type { EpcisEventError } from '@plastrace/shared';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

// GS1's official EPCIS 2.0 JSON Schema (draft-07), copied unchanged from GS1's public EPCIS repository
// (https://gs1.github.io/EPCIS/EPCIS-JSON-Schema.json): exports are
// checked with it in tests, captures before anything is stored. The build copies the file beside this
// module (apps/server package.json "build").

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

let compiled: ValidateFunction | undefined;
function validator(): ValidateFunction {
  if (!compiled) {
    const schema = JSON.parse(readFileSync(new URL('./EPCIS-JSON-Schema.json', import.meta.url), 'utf8'));
    // strict: false — GS1's schema uses `propertyNames`/`if` combinations Ajv's strict mode warns about.
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats(ajv);
    compiled = ajv.compile(schema);
  }
  return compiled;
}

/** Where in the document an error is: the event it belongs to, and the path within that event. */
function place(e: ErrorObject): { index: number | null; path: string } {
  const m = /^\/epcisBody\/(?:eventList|queryResults\/resultsBody\/eventList)\/(\d+)(.*)$/.exec(
    e.instancePath,
  );
  return m ? { index: Number(m[1]), path: m[2] || '/' } : { index: null, path: e.instancePath || '/' };
}

function message(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>;
  if (e.keyword === 'additionalProperties')
    return `has a field the schema does not allow: ${p.additionalProperty}`;
  if (e.keyword === 'propertyNames') return `has a field name the schema does not allow: ${p.propertyName}`;
  if (e.keyword === 'required') return `must have ${p.missingProperty}`;
  if (e.keyword === 'enum') return `must be one of: ${(p.allowedValues as unknown[]).join(', ')}`;
  return e.message ?? 'is not valid';
}

// anyOf/oneOf/if wrappers repeat what their branches said: the branch errors name the field.
const WRAPPERS = new Set(['anyOf', 'oneOf', 'if', 'allOf']);

export type SchemaCheck = {
  valid: boolean;
  events: number;
  errors: EpcisEventError[];
  documentErrors: string[];
};

/** Checks a document against the GS1 schema; errors grouped by event, each once per path. */
export function checkDocument(doc: unknown): SchemaCheck {
  const validate = validator();
  const valid = validate(doc) as boolean;
  const list = eventsOf(doc);
  const errors: EpcisEventError[] = [];
  const documentErrors: string[] = [];
  const seen = new Set<string>();
  for (const e of validate.errors ?? []) {
    if (WRAPPERS.has(e.keyword)) continue;
    const { index, path } = place(e);
    const text = message(e);
    const key = `${index}|${path}|${text}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (index === null) {
      documentErrors.push(`${path}: ${text}`);
      continue;
    }
    const ev = list[index] as { eventID?: unknown } | undefined;
    errors.push({
      index,
      event_id: typeof ev?.eventID === 'string' ? ev.eventID : null,
      path,
      message: text,
    });
  }
  // A branch-only failure leaves only wrappers: say so rather than "valid".
  if (!valid && errors.length === 0 && documentErrors.length === 0)
    documentErrors.push('/: does not match the EPCIS 2.0 schema');
  return { valid, events: list.length, errors, documentErrors };
}

/** The events of an EPCISDocument or an EPCISQueryDocument. */
export function eventsOf(doc: unknown): unknown[] {
  const body = (doc as { epcisBody?: Record<string, unknown> } | null)?.epcisBody;
  const list =
    (body?.eventList as unknown) ??
    ((body?.queryResults as { resultsBody?: { eventList?: unknown } } | undefined)?.resultsBody
      ?.eventList as unknown);
  return Array.isArray(list) ? list : [];
}
