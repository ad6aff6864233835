import { describe, expect, it } from 'vitest';
import {
  constrainDigitalLink,
  epcUrnToDigitalLink,
  eventHash,
  preHashString,
  utcMillis,
} from './event-hash.ts';

// A published vector of the reference implementation (RalphTro/epcis-event-hash-generator,
// tests/examples/epcisDocWithSingleEvent.jsonld with its .prehashes and .hashes): the event, the
// pre-hash string the algorithm must build from it, and the hash GS1's tool computed.
const vector = {
  type: 'ObjectEvent',
  action: 'OBSERVE',
  bizStep: 'shipping',
  disposition: 'in_transit',
  epcList: ['urn:epc:id:sgtin:0614141.107346.2017', 'urn:epc:id:sgtin:0614141.107346.2018'],
  eventTime: '2022-02-16T20:33:31.116000-06:00',
  eventTimeZoneOffset: '-06:00',
  readPoint: { id: 'urn:epc:id:sgln:0614141.07346.1234' },
  bizTransactionList: [{ type: 'po', bizTransaction: 'http://transaction.acme.com/po/12345678' }],
};
const vectorPreHash =
  'eventType=ObjectEventeventTime=2022-02-17T02:33:31.116ZeventTimeZoneOffset=-06:00' +
  'epcListepc=https://id.gs1.org/01/10614141073464/21/2017epc=https://id.gs1.org/01/10614141073464/21/2018' +
  'action=OBSERVEbizStep=https://ref.gs1.org/cbv/BizStep-shippingdisposition=https://ref.gs1.org/cbv/Disp-in_transit' +
  'readPointid=https://id.gs1.org/414/0614141073467/254/1234' +
  'bizTransactionListbizTransaction=http://transaction.acme.com/po/12345678type=https://ref.gs1.org/cbv/BTT-po';
const vectorHash =
  'ni:///sha-256;3e0f2437f4cb5e8a1b832b769c0eed1bf3e1421f14061132e9800ded03f10182?ver=CBV2.0';

const transformation = {
  type: 'TransformationEvent',
  eventTime: '2026-11-21T14:00:00.000+08:00',
  eventTimeZoneOffset: '+08:00',
  inputQuantityList: [
    { epcClass: 'https://example.com/o/acme/lot/L-2', quantity: 500, uom: 'KGM' },
    { epcClass: 'https://example.com/o/acme/lot/L-1', quantity: 400.5, uom: 'KGM' },
  ],
  outputQuantityList: [
    { epcClass: 'https://example.com/01/09506000134352/10/F-1', quantity: 880, uom: 'KGM' },
  ],
  bizStep: 'commissioning',
  bizLocation: { id: 'https://example.com/o/acme/facility/MNL1' },
  sourceList: [
    { type: 'location', source: 'https://example.com/o/acme/facility/MNL1' },
    { type: 'owning_party', source: 'https://example.com/o/acme' },
  ],
};

describe('GS1 event hash', () => {
  it('reproduces the reference implementation’s published pre-hash string and hash', () => {
    expect(preHashString(vector)).toBe(vectorPreHash);
    expect(eventHash(vector)).toBe(vectorHash);
  });

  it('does not depend on key order, list order or whitespace', () => {
    const shuffled = {
      bizTransactionList: [{ bizTransaction: ' http://transaction.acme.com/po/12345678 ', type: 'po' }],
      readPoint: { id: 'urn:epc:id:sgln:0614141.07346.1234' },
      eventTimeZoneOffset: '-06:00',
      eventTime: '2022-02-16T20:33:31.116-06:00',
      epcList: [...vector.epcList].reverse(),
      disposition: 'in_transit',
      bizStep: 'shipping',
      action: 'OBSERVE',
      type: 'ObjectEvent',
    };
    expect(eventHash(JSON.parse(JSON.stringify(shuffled, null, 4)))).toBe(vectorHash);
    const reordered = {
      ...transformation,
      inputQuantityList: [...transformation.inputQuantityList].reverse(),
    };
    expect(eventHash(reordered)).toBe(eventHash(transformation));
  });

  it('treats equivalent time offsets, CBV URIs and legacy URNs as the same event', () => {
    expect(eventHash({ ...vector, eventTime: '2022-02-17T02:33:31.116Z' })).toBe(vectorHash);
    expect(
      eventHash({
        ...vector,
        bizStep: 'urn:epcglobal:cbv:bizstep:shipping',
        disposition: 'https://ref.gs1.org/cbv/Disp-in_transit',
      }),
    ).toBe(vectorHash);
    // The same lot on another resolver, with a query string, is the same class.
    const elsewhere = {
      ...transformation,
      outputQuantityList: [
        {
          epcClass: 'https://resolver.example.org/01/09506000134352/10/F-1?linkType=all',
          quantity: 880.0,
          uom: 'KGM',
        },
      ],
    };
    expect(eventHash(elsewhere)).toBe(eventHash(transformation));
  });

  it('ignores the event id, record time and a later error declaration, and sees every content change', () => {
    const declared = {
      ...transformation,
      eventID: 'urn:uuid:5b1d5a0c-0a41-4a5e-9ba8-37e1f1d3c0de',
      recordTime: '2026-11-22T00:00:00Z',
      errorDeclaration: { declarationTime: '2026-11-23T00:00:00Z', reason: 'incorrect_data' },
    };
    expect(eventHash(declared)).toBe(eventHash(transformation));
    const more = {
      ...transformation,
      outputQuantityList: [{ ...transformation.outputQuantityList[0], quantity: 880.001 }],
    };
    expect(eventHash(more)).not.toBe(eventHash(transformation));
    expect(eventHash({ ...transformation, bizStep: 'repackaging' })).not.toBe(eventHash(transformation));
    expect(
      eventHash({ ...transformation, 'ex:grade': 'A', '@context': [{ ex: 'https://ex.org/v/' }] }),
    ).not.toBe(eventHash(transformation));
  });

  it('writes quantities without trailing zeros and types after their ids', () => {
    const pre = preHashString(transformation);
    expect(pre).toContain(
      'inputQuantityListquantityElementepcClass=https://example.com/o/acme/lot/L-1quantity=400.5uom=KGMquantityElementepcClass=https://example.com/o/acme/lot/L-2quantity=500uom=KGM',
    );
    expect(pre).toContain(
      'outputQuantityListquantityElementepcClass=https://id.gs1.org/01/09506000134352/10/F-1',
    );
    expect(pre).toContain(
      'sourceListsource=https://example.com/o/acme/facility/MNL1type=https://ref.gs1.org/cbv/SDT-locationsource=https://example.com/o/acme',
    );
  });

  it('sorts user extensions under their full namespace', () => {
    const ext = {
      ...transformation,
      '@context': [{ ex: 'https://ns.example.com/epcis/' }],
      'ex:b': '2',
      'ex:a': { 'ex:y': '1', 'ex:x': '3' },
    };
    expect(preHashString(ext)).toMatch(
      /\{https:\/\/ns\.example\.com\/epcis\}a\{https:\/\/ns\.example\.com\/epcis\}x=3\{https:\/\/ns\.example\.com\/epcis\}y=1\{https:\/\/ns\.example\.com\/epcis\}b=2$/,
    );
  });

  it('converts EPC URNs and constrains Digital Links', () => {
    expect(epcUrnToDigitalLink('urn:epc:id:sscc:4012345.1112223334')).toBe(
      'https://id.gs1.org/00/140123451122233341',
    );
    expect(epcUrnToDigitalLink('urn:epc:class:lgtin:4012345.012345.998877')).toBe(
      'https://id.gs1.org/01/04012345123456/10/998877',
    );
    expect(epcUrnToDigitalLink('urn:epc:id:pgln:4012345.00000')).toBe('https://id.gs1.org/417/4012345000009');
    expect(constrainDigitalLink('https://brand.example/01/9506000134352/10/L1/21/S9?x=1')).toBe(
      'https://id.gs1.org/01/09506000134352/21/S9',
    );
    expect(utcMillis('2020-01-01T00:00:00.12345+01:00')).toBe('2019-12-31T23:00:00.123Z');
    expect(utcMillis('2020-01-01T00:00:00.1235Z')).toBe('2020-01-01T00:00:00.124Z');
    expect(utcMillis('2020-01-01T00:00:00+00:00')).toBe('2020-01-01T00:00:00.000Z');
  });
});
