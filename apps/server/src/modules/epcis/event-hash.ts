import { createHash } from 'node:crypto';

// The GS1 EPCIS event hash ID (CBV 2.0 §8.9; reference implementation: RalphTro/epcis-event-hash-generator):
// a pre-hash string of the event's fields in the canonical property order, values normalised so that
// every serialisation of the same event (JSON key order, list order, whitespace, time offsets, bare CBV
// words or their URIs, EPC URNs or Digital Links) gives the same string, then SHA-256 as an RFC 6920
// `ni:` URI. Pure: no database, no clock.

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Obj = { [k: string]: Json };

const CBV = 'https://ref.gs1.org/cbv/';
const QUANTITY: Order = [['epcClass'], ['quantity'], ['uom']];

/** A property order: each field with, when it has children, their own order. */
type Order = [name: string, children?: Order | 'typed' | 'epcs' | 'quantities' | 'sensors'][];

const SENSOR_METADATA = [
  'time',
  'startTime',
  'endTime',
  'deviceID',
  'deviceMetadata',
  'rawData',
  'dataProcessingMethod',
  'bizRules',
];
const SENSOR_REPORT = [
  'type',
  'exception',
  'deviceID',
  'deviceMetadata',
  'rawData',
  'dataProcessingMethod',
  'time',
  'microorganism',
  'chemicalSubstance',
  'value',
  'component',
  'stringValue',
  'booleanValue',
  'hexBinaryValue',
  'uriValue',
  'minValue',
  'maxValue',
  'meanValue',
  'sDev',
  'percRank',
  'percValue',
  'uom',
  'coordinateReferenceSystem',
];

/** CBV 2.0 §8.9 canonical property order (after eventType). */
const EVENT_ORDER: Order = [
  ['eventTime'],
  ['eventTimeZoneOffset'],
  ['epcList', 'epcs'],
  ['parentID'],
  ['inputEPCList', 'epcs'],
  ['childEPCs', 'epcs'],
  ['quantityList', 'quantities'],
  ['childQuantityList', 'quantities'],
  ['inputQuantityList', 'quantities'],
  ['outputEPCList', 'epcs'],
  ['outputQuantityList', 'quantities'],
  ['action'],
  ['transformationID'],
  ['bizStep'],
  ['disposition'],
  ['persistentDisposition', [['set'], ['unset']]],
  ['readPoint', [['id']]],
  ['bizLocation', [['id']]],
  ['bizTransactionList', 'typed'],
  ['sourceList', 'typed'],
  ['destinationList', 'typed'],
  ['sensorElementList', 'sensors'],
];

/** Fields that are not the event's content: who stored it, its id, and later statements about it. */
const NOT_HASHED = new Set([
  '@context',
  'type',
  'eventID',
  'recordTime',
  'errorDeclaration',
  'certificationInfo',
]);
const KNOWN = new Set([...EVENT_ORDER.map(([n]) => n), 'ilmd']);
const TIME_KEYS = new Set(['eventTime', 'time', 'startTime', 'endTime', 'declarationTime']);

/** Bare CBV words and the vocabulary their field draws from. */
const VOCABULARY: Record<string, string> = {
  bizStep: 'BizStep',
  disposition: 'Disp',
  set: 'Disp',
  unset: 'Disp',
  bizTransactionList: 'BTT',
  sourceList: 'SDT',
  destinationList: 'SDT',
  reason: 'ER',
};
const LEGACY_CBV: [string, string][] = [
  ['urn:epcglobal:cbv:bizstep:', 'BizStep-'],
  ['urn:epcglobal:cbv:disp:', 'Disp-'],
  ['urn:epcglobal:cbv:btt:', 'BTT-'],
  ['urn:epcglobal:cbv:sdt:', 'SDT-'],
  ['urn:epcglobal:cbv:er:', 'ER-'],
];

/** The namespaces a document's @context names, for extension keys written as CURIEs (`ex:field`). */
export type Namespaces = Record<string, string>;

export function namespacesOf(...contexts: unknown[]): Namespaces {
  const out: Namespaces = { gs1: 'https://gs1.org/voc/', cbv: CBV, epcis: 'https://ref.gs1.org/epcis/' };
  for (const c of contexts) {
    for (const item of Array.isArray(c) ? c : [c]) {
      if (item && typeof item === 'object' && !Array.isArray(item)) {
        for (const [k, v] of Object.entries(item)) if (typeof v === 'string') out[k] = v;
      }
    }
  }
  return out;
}

/** The canonical pre-hash string of one EPCIS 2.0 JSON(-LD) event. */
export function preHashString(
  input: Record<string, unknown>,
  namespaces: Namespaces = namespacesOf(),
): string {
  const event = input as Obj;
  const ns = { ...namespaces, ...namespacesOf(event['@context']) };
  let out = `eventType=${String(event.type ?? '')}`;
  for (const [name, children] of EVENT_ORDER) {
    const value = event[name];
    if (value === undefined || value === null) continue;
    out += field(name, value, children, ns);
  }
  if (event.ilmd && typeof event.ilmd === 'object') {
    const parts = extensions(event.ilmd as Obj, ns);
    if (parts) out += `ilmd${parts}`;
  }
  const rest: Obj = {};
  for (const [k, v] of Object.entries(event)) if (!KNOWN.has(k) && !NOT_HASHED.has(k)) rest[k] = v;
  return out + extensions(rest, ns);
}

/** `ni:///sha-256;<hex>?ver=CBV2.0` of the event. */
export function eventHash(event: Record<string, unknown>, namespaces?: Namespaces): string {
  const digest = createHash('sha256').update(preHashString(event, namespaces), 'utf8').digest('hex');
  return `ni:///sha-256;${digest}?ver=CBV2.0`;
}

function field(name: string, value: Json, children: Order[number][1], ns: Namespaces): string {
  if (children === 'epcs') {
    const list = asArray(value).map((v) => `epc=${canon(String(v))}`);
    return list.length ? name + sorted(list) : '';
  }
  if (children === 'quantities') {
    const list = asArray(value).map((q) => `quantityElement${ordered(q as Obj, QUANTITY, '')}`);
    return list.length ? name + sorted(list) : '';
  }
  if (children === 'typed') {
    // bizTransaction / source / destination: the id, then its type (rule 13), then sorted.
    const key = name.replace(/List$/, '');
    const list = asArray(value).map((item) => {
      const o = item as Obj;
      const type = o.type === undefined ? '' : `type=${vocab(String(o.type), VOCABULARY[name])}`;
      return `${key}=${canon(String(o[key] ?? ''))}${type}`;
    });
    return list.length ? name + sorted(list) : '';
  }
  if (children === 'sensors') {
    const list = asArray(value).map((el) => {
      const e = el as Obj;
      const meta = e.sensorMetadata
        ? sensorPart('sensorMetadata', e.sensorMetadata as Obj, SENSOR_METADATA, ns)
        : '';
      const reports = sorted(
        asArray(e.sensorReport ?? []).map((r) => sensorPart('sensorReport', r as Obj, SENSOR_REPORT, ns)),
      );
      const rest: Obj = {};
      for (const [k, v] of Object.entries(e)) if (k !== 'sensorMetadata' && k !== 'sensorReport') rest[k] = v;
      return `sensorElement${meta}${reports}${extensions(rest, ns)}`;
    });
    return list.length ? name + sorted(list) : '';
  }
  if (Array.isArray(children)) {
    const inner = ordered(value as Obj, children, name);
    const known = new Set(children.map(([n]) => n));
    const rest: Obj = {};
    for (const [k, v] of Object.entries(value as Obj)) if (!known.has(k)) rest[k] = v;
    const body = inner + extensions(rest, ns);
    return body ? name + body : '';
  }
  return `${name}=${scalar(name, value)}`;
}

/** Fields in a fixed order; a repeated field (persistentDisposition's set) sorted within its place. */
function ordered(o: Obj, order: Order, parent: string): string {
  let out = '';
  for (const [name] of order) {
    const v = o?.[name];
    if (v === undefined || v === null) continue;
    const vocabOf = parent === 'persistentDisposition' ? 'Disp' : undefined;
    const values = asArray(v).map((x) => `${name}=${vocabOf ? vocab(String(x), vocabOf) : scalar(name, x)}`);
    out += sorted(values);
  }
  return out;
}

function sensorPart(name: string, o: Obj, order: string[], ns: Namespaces): string {
  let out = '';
  for (const key of order) {
    const v = o[key];
    if (v === undefined || v === null) continue;
    out += `${key}=${key === 'type' ? vocabUri(String(v), ns) : scalar(key, v)}`;
  }
  const rest: Obj = {};
  for (const [k, v] of Object.entries(o)) if (!order.includes(k)) rest[k] = v;
  return `${name}${out}${extensions(rest, ns)}`;
}

/** User extensions (and ILMD): `{namespace}local=value`, nested ones with their children, all sorted. */
function extensions(o: Obj, ns: Namespaces): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(o)) {
    if (key.startsWith('@')) continue;
    const name = expandedKey(key, ns);
    for (const v of asArray(value)) {
      if (v !== null && typeof v === 'object') {
        const inner = v as Obj;
        const text =
          typeof inner['#text'] === 'string' || typeof inner['@value'] === 'string'
            ? (inner['#text'] ?? inner['@value'])
            : null;
        parts.push(`${name}${text !== null ? `=${canon(String(text).trim())}` : ''}${extensions(inner, ns)}`);
      } else if (v !== null) {
        parts.push(`${name}=${scalar(key, v)}`);
      }
    }
  }
  return sorted(parts);
}

/** `ex:field` → `{https://ns.example.com/epcis}field`, as the XML form names it. */
function expandedKey(key: string, ns: Namespaces): string {
  const at = key.indexOf(':');
  if (/^https?:\/\//.test(key)) {
    const cut = Math.max(key.lastIndexOf('/'), key.lastIndexOf('#'));
    return `{${key.slice(0, cut)}}${key.slice(cut + 1)}`;
  }
  if (at > 0) {
    const base = ns[key.slice(0, at)];
    if (base) return `{${base.replace(/[/#]$/, '')}}${key.slice(at + 1)}`;
  }
  return key;
}

function scalar(name: string, value: Json): string {
  if (typeof value === 'number') return numeric(value);
  if (typeof value === 'boolean') return String(value);
  const text = String(value).trim();
  if (TIME_KEYS.has(name)) return utcMillis(text);
  if (VOCABULARY[name]) return vocab(text, VOCABULARY[name]);
  if (/^-?\d+(\.\d+)?$/.test(text) && name !== 'eventTimeZoneOffset') return numericText(text);
  return canon(text);
}

const numeric = (n: number) => (Number.isInteger(n) ? n.toFixed(0) : String(n));
/** Trailing zeros off a decimal string, exactly (no float round trip). */
function numericText(text: string): string {
  const [whole = '0', frac = ''] = text.replace(/^(-?)0+(?=\d)/, '$1').split('.');
  const f = frac.replace(/0+$/, '');
  return f ? `${whole}.${f}` : whole;
}

/** A bare CBV word of the field's vocabulary → its Web URI; a legacy URN → the same. */
function vocab(text: string, prefix: string | undefined): string {
  const t = text.trim();
  if (prefix && /^[a-z_]+$/.test(t)) return `${CBV}${prefix}-${t}`;
  return canon(t);
}

function vocabUri(text: string, ns: Namespaces): string {
  const at = text.indexOf(':');
  if (at > 0 && !text.includes('//') && ns[text.slice(0, at)])
    return ns[text.slice(0, at)] + text.slice(at + 1);
  return canon(text);
}

/** Any identifier or URI value: legacy CBV URNs and EPC URNs to Web URIs, Digital Links constrained. */
export function canon(value: string): string {
  const v = value.trim();
  for (const [urn, prefix] of LEGACY_CBV) if (v.startsWith(urn)) return CBV + prefix + v.slice(urn.length);
  const fromEpc = epcUrnToDigitalLink(v);
  if (fromEpc) return fromEpc;
  return constrainDigitalLink(v) ?? v;
}

/** Timestamps in UTC with milliseconds (`…T02:33:31.116Z`); a 4th decimal of 5–9 rounds up. */
export function utcMillis(text: string): string {
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:\d{2})$/i.exec(text);
  if (!m) return text;
  const frac = (m[2] ?? '').padEnd(4, '0');
  const base = Date.parse(`${m[1]}${m[3]?.toUpperCase()}`);
  if (Number.isNaN(base)) return text;
  const ms = Number(frac.slice(0, 3)) + (Number(frac[3]) >= 5 ? 1 : 0);
  return new Date(base + ms).toISOString();
}

const asArray = (v: Json): Json[] => (Array.isArray(v) ? v : [v]);
/** Case-sensitive lexical order by UTF-16 code units, which equals code point order for these values. */
const sorted = (parts: string[]) => [...parts].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).join('');

// --- EPC URIs and Digital Links (GS1 Digital Link URI Syntax 1.2 §4.11, TDS 2.0 §6) ---

function checkDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const d = Number(body[body.length - 1 - i]);
    sum += i % 2 === 0 ? d * 3 : d;
  }
  return String((10 - (sum % 10)) % 10);
}

const ID = 'https://id.gs1.org';
const enc = (s: string) => encodeURIComponent(decodeURIComponentSafe(s));
function decodeURIComponentSafe(s: string) {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** EPC pure identity / class URNs of the kinds trade uses → canonical Digital Link; else null. */
export function epcUrnToDigitalLink(urn: string): string | null {
  const m = /^urn:epc:(id|class|idpat):([a-z]+):(.+)$/.exec(urn);
  if (!m) return null;
  const [, , scheme, rest = ''] = m;
  const p = rest.split('.');
  const gtin = (cp = '', ref = '') => {
    const body = (ref.slice(0, 1) + cp + ref.slice(1)).padStart(13, '0');
    return body + checkDigit(body);
  };
  const gln = (cp = '', ref = '') => cp + ref + checkDigit(cp + ref);
  switch (scheme) {
    case 'sgtin':
      return p[2] && p[2] !== '*'
        ? `${ID}/01/${gtin(p[0], p[1])}/21/${enc(p[2])}`
        : `${ID}/01/${gtin(p[0], p[1])}`;
    case 'lgtin':
      return `${ID}/01/${gtin(p[0], p[1])}/10/${enc(p.slice(2).join('.'))}`;
    case 'sscc': {
      const body = (p[1] ?? '').slice(0, 1) + (p[0] ?? '') + (p[1] ?? '').slice(1);
      return `${ID}/00/${body}${checkDigit(body)}`;
    }
    case 'sgln':
      return p[2] && p[2] !== '0'
        ? `${ID}/414/${gln(p[0], p[1])}/254/${enc(p[2])}`
        : `${ID}/414/${gln(p[0], p[1])}`;
    case 'pgln':
      return `${ID}/417/${gln(p[0], p[1])}`;
    default:
      return null;
  }
}

/** Primary keys the hash keeps, with the qualifiers it keeps for each (CBV 2.0 §8.9 rule 18). */
const KEYS: Record<string, string[]> = {
  '00': [],
  '01': ['21', '10', '235'],
  '253': [],
  '255': [],
  '401': [],
  '402': [],
  '414': ['254'],
  '417': [],
  '8003': [],
  '8004': [],
  '8006': ['21', '10'],
  '8010': ['8011'],
  '8017': [],
  '8018': [],
};

/** A Digital Link on any resolver → `https://id.gs1.org/…` with the finest key and no query; else null. */
export function constrainDigitalLink(uri: string): string | null {
  if (!/^https?:\/\//i.test(uri)) return null;
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return null;
  }
  const parts = url.pathname.split('/').filter(Boolean);
  for (let i = 0; i < parts.length - 1; i++) {
    const ai = parts[i] ?? '';
    const qualifiers = KEYS[ai];
    if (!qualifiers) continue;
    let key = parts[i + 1] ?? '';
    if (ai === '01' || ai === '8006') {
      if (!/^\d{8,14}$/.test(key)) continue;
      key = key.padStart(14, '0');
    }
    const rest = parts.slice(i + 2);
    if (rest.length % 2 !== 0) continue;
    const kept: Record<string, string> = {};
    for (let j = 0; j < rest.length; j += 2) {
      const q = rest[j] ?? '';
      if (qualifiers.includes(q)) kept[q] = rest[j + 1] ?? '';
    }
    // The finest level only: a serial makes a lot number redundant.
    const chosen = qualifiers.filter((q) => kept[q] !== undefined);
    const finest = chosen.includes('21') ? ['21'] : chosen.slice(0, 1);
    return `${ID}/${ai}/${key}${finest.map((q) => `/${q}/${kept[q]}`).join('')}`;
  }
  return null;
}
