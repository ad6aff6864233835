// GS1 Digital Link (docs/architecture.md "Traceability"): the web address a lot's label, a passport's QR
// code and an EPCIS event all name it by. A lot whose material (or product) has a GTIN is
// {base}/01/{GTIN-14}/10/{lot code}, GS1's own syntax; a lot without one gets the organization's lot URI,
// {base}/o/{organization}/lot/{lot code}. The server answers both (people get the passport page,
// machines JSON-LD). Facilities, which have no GLN here, are {base}/o/{organization}/facility/{code}.

/** GS1 application identifiers' values are URI path segments: percent-encode what is not unreserved. */
const segment = (value: string) => encodeURIComponent(value);

export type DigitalLinkLot = { code: string; gtin?: string | null; organizationSlug: string };

export function lotDigitalLink(base: string, lot: DigitalLinkLot): string {
  const root = base.replace(/\/+$/, '');
  return lot.gtin
    ? `${root}/01/${lot.gtin}/10/${segment(lot.code)}`
    : `${root}/o/${segment(lot.organizationSlug)}/lot/${segment(lot.code)}`;
}

export function facilityUri(base: string, organizationSlug: string, facilityCode: string): string {
  return `${base.replace(/\/+$/, '')}/o/${segment(organizationSlug)}/facility/${segment(facilityCode)}`;
}

export type ParsedDigitalLink =
  | { kind: 'gtin'; gtin: string; lotCode: string }
  | { kind: 'lot'; organizationSlug: string; lotCode: string };

/**
 * Reads a lot's Digital Link back (the path, or a whole URI on any domain: a partner's EPCIS event may
 * name our lot by another resolver). Null when it is neither form.
 */
export function parseLotDigitalLink(uri: string): ParsedDigitalLink | null {
  let path = uri;
  try {
    path = new URL(uri, 'http://x').pathname;
  } catch {
    return null;
  }
  const parts = path.split('/').filter(Boolean);
  const decode = (s: string | undefined) => {
    if (!s) return null;
    try {
      return decodeURIComponent(s);
    } catch {
      return null;
    }
  };
  // /01/{gtin}/10/{lot}, possibly behind a path prefix of the resolver.
  const at = parts.lastIndexOf('01');
  if (at >= 0 && parts[at + 2] === '10' && parts.length === at + 4) {
    const gtin = parts[at + 1] ?? '';
    const lotCode = decode(parts[at + 3]);
    if (/^\d{14}$/.test(gtin) && lotCode) return { kind: 'gtin', gtin, lotCode };
  }
  const o = parts.lastIndexOf('o');
  if (o >= 0 && parts[o + 2] === 'lot' && parts.length === o + 4) {
    const organizationSlug = decode(parts[o + 1]);
    const lotCode = decode(parts[o + 3]);
    if (organizationSlug && lotCode) return { kind: 'lot', organizationSlug, lotCode };
  }
  return null;
}
