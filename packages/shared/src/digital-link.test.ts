import { describe, expect, it } from 'vitest';
import { facilityUri, lotDigitalLink, parseLotDigitalLink } from './digital-link.ts';

describe('GS1 Digital Link of a lot', () => {
  it('uses /01/{gtin}/10/{lot} with a GTIN, else the organization lot URI, and reads both back', () => {
    const withGtin = lotDigitalLink('https://plastrace.example.ph/', {
      code: 'MNL1-261122-0042',
      gtin: '04800888000361',
      organizationSlug: 'malinis',
    });
    expect(withGtin).toBe('https://plastrace.example.ph/01/04800888000361/10/MNL1-261122-0042');
    expect(parseLotDigitalLink(withGtin)).toEqual({
      kind: 'gtin',
      gtin: '04800888000361',
      lotCode: 'MNL1-261122-0042',
    });
    const own = lotDigitalLink('https://p.example', { code: 'A/1 2', organizationSlug: 'malinis' });
    expect(own).toBe('https://p.example/o/malinis/lot/A%2F1%202');
    expect(parseLotDigitalLink(own)).toEqual({ kind: 'lot', organizationSlug: 'malinis', lotCode: 'A/1 2' });
    expect(facilityUri('https://p.example', 'malinis', 'MNL1')).toBe(
      'https://p.example/o/malinis/facility/MNL1',
    );
  });

  it('refuses what is neither form', () => {
    for (const bad of [
      'https://x/01/123/10/A',
      'https://x/o/m/facility/F',
      'https://x/01/04800888000361',
      '%',
    ])
      expect(parseLotDigitalLink(bad)).toBeNull();
  });
});
