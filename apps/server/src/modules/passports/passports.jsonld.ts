import {
  CHAIN_OF_CUSTODY_LABELS,
  PASSPORT_SUPPLIER_TYPE_LABELS,
  type PassportVersion,
} from '@plastrace/shared';

// A published passport for machines: JSON-LD on schema.org's Product, with the GS1 Web Vocabulary's
// terms where they fit (gs1:gtin, gs1:hasBatchLotNumber) and its @id the lot's GS1 Digital Link, so the
// URI on the QR code names the thing described. Figures the vocabularies have no term for are
// schema:PropertyValue with UN/CEFACT unit codes (P1 percent, KGM kg, KWH kWh).

const value = (name: string, v: string, unitCode: string, extra: Record<string, unknown> = {}) => ({
  '@type': 'PropertyValue',
  name,
  value: v,
  unitCode,
  ...extra,
});

export function passportJsonLd(v: PassportVersion) {
  const c = v.content;
  const id = c.identifier;
  return {
    '@context': {
      '@vocab': 'https://schema.org/',
      gs1: 'https://ref.gs1.org/voc/',
    },
    '@id': id.digital_link,
    '@type': ['Product', 'gs1:Product'],
    name: id.product ? id.product.name : `${id.material.name}, lot ${id.lot_code}`,
    ...(id.product ? { sku: id.product.sku } : {}),
    ...(id.gtin ? { gtin: id.gtin, 'gs1:gtin': id.gtin } : {}),
    'gs1:hasBatchLotNumber': id.lot_code,
    url: id.digital_link,
    material: c.composition.map((p) => ({
      '@type': 'PropertyValue',
      name: p.polymer,
      value: p.share_pct,
      unitCode: 'P1',
    })),
    weight: { '@type': 'QuantitativeValue', value: id.kg, unitCode: 'KGM' },
    manufacturer: { '@type': 'Organization', name: c.publisher.name },
    additionalProperty: [
      value('Recycled content', c.recycled_content.pct, 'P1', {
        description: c.recycled_content.chain_of_custody
          ? `ISO 22095 chain of custody: ${CHAIN_OF_CUSTODY_LABELS[c.recycled_content.chain_of_custody]}. ${c.recycled_content.explanation}`
          : c.recycled_content.explanation,
      }),
      value(
        'Collected by the informal sector (waste pickers and junkshops)',
        c.origin.informal_sector_pct,
        'P1',
      ),
      ...c.origin.regions.map((r) => value(`Collected in ${r.region}`, r.share_pct, 'P1')),
      ...c.origin.supplier_types.map((t) =>
        value(`Collected from ${PASSPORT_SUPPLIER_TYPE_LABELS[t.type].toLowerCase()}`, t.share_pct, 'P1'),
      ),
      ...c.processing.flatMap((s) => [
        ...(s.kwh === null
          ? []
          : [
              value(`${s.process.name} (${s.date}): electricity`, s.kwh, 'KWH', {
                description: s.energy_basis,
              }),
            ]),
        ...(s.kg_co2e === null
          ? []
          : [
              value(`${s.process.name} (${s.date}): greenhouse gas emissions`, s.kg_co2e, 'KGM', {
                unitText: 'kg CO2e',
                description: s.factor
                  ? `${s.factor.kg_co2e_per_kwh} kg CO2e/kWh — ${s.factor.source}${s.factor.verified ? '' : ' (not yet verified)'}`
                  : undefined,
              }),
            ]),
      ]),
      ...(c.recycling_instructions
        ? [{ '@type': 'PropertyValue', name: 'Recycling instructions', value: c.recycling_instructions }]
        : []),
    ],
    hasCertification: c.certificates.map((x) => ({
      '@type': 'Certification',
      name: x.name,
      issuedBy: { '@type': 'Organization', name: x.issuer },
      ...(x.number ? { certificationIdentification: x.number } : {}),
      ...(x.valid_until ? { expires: x.valid_until } : {}),
      ...(x.url ? { url: x.url } : {}),
    })),
    ...(c.notes ? { description: c.notes } : {}),
    subjectOf: {
      '@type': 'DigitalDocument',
      name: `Product passport, version ${v.version}`,
      version: String(v.version),
      datePublished: v.published_at,
      publisher: { '@type': 'Organization', name: c.publisher.name },
      identifier: {
        '@type': 'PropertyValue',
        propertyID: 'SHA-256 of RFC 8785 JSON',
        value: v.content_sha256,
      },
    },
  };
}

/** The GS1 link types the resolver answers for a passport's Digital Link (all lead to the passport). */
export const LINK_TYPES = [
  'gs1:pip',
  'gs1:sustainabilityInfo',
  'gs1:certificationInfo',
  'gs1:defaultLink',
] as const;

/** RFC 9264 linkset of the Digital Link, as GS1 resolvers answer `?linkType=all`. */
export function linkset(digitalLink: string, title: string) {
  const rel = (t: string) => `https://ref.gs1.org/voc/${t.slice(4)}`;
  const html = { href: digitalLink, title, type: 'text/html', hreflang: ['en'] };
  const json = { href: digitalLink, title, type: 'application/ld+json' };
  return {
    linkset: [
      {
        anchor: digitalLink,
        [rel('gs1:defaultLink')]: [html],
        [rel('gs1:pip')]: [html, json],
        [rel('gs1:sustainabilityInfo')]: [html, json],
        [rel('gs1:certificationInfo')]: [{ ...html, href: `${digitalLink}#certificates` }],
      },
    ],
  };
}
