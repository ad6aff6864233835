import { describe, expect, it } from 'vitest';
import {
  creditCollectorPay,
  creditSerial,
  creditSerialPrefix,
  parseCreditSerial,
  serialOrganizationCode,
} from './credits.ts';

describe('credit serials', () => {
  it('name country, programme, organization, facility, vintage, batch and number', () => {
    const prefix = creditSerialPrefix(serialOrganizationCode('ecoplast'), 'mnl-1', 2026, 7);
    expect(prefix).toBe('PH-PTEPR-ECOPLAST-MNL1-2026-0007');
    expect(creditSerial(prefix, 42)).toBe('PH-PTEPR-ECOPLAST-MNL1-2026-0007-000042');
    expect(parseCreditSerial('ph-ptepr-ecoplast-mnl1-2026-0007-000042')).toEqual({ prefix, no: 42 });
    expect(parseCreditSerial('PH-PTEPR-X-000000')).toBeNull();
    expect(parseCreditSerial('no number')).toBeNull();
  });

  it('keep a sign-up slug’s random end, so two organizations of one name differ', () => {
    expect(serialOrganizationCode('credits-b')).toBe('CREDITSB');
    expect(serialOrganizationCode('ecoplast-recycling-inc-3fa2b1')).toBe('ECOPLA3FA2B1');
    // A code another organization's batches hold already: the id's last hex digits make it its own.
    expect(
      serialOrganizationCode('eco-plast', { organizationId: '01a21813-7542-779a-ba9d-31e8db0e55d6' }),
    ).toBe('ECOPDB0E55D6');
  });
});

describe('collector pay', () => {
  it('is each part’s share of its delivery line’s amount, rounded once', () => {
    // 1,440 kg × ₱26,640 ÷ 1,500 kg + 560 kg × ₱20,000 ÷ 1,000 kg.
    const parts = [
      { kg: '1440.000', netKg: '1500.000', amount: '26640.00' },
      { kg: '560.000', netKg: '1000.000', amount: '20000.00' },
    ];
    expect(creditCollectorPay(parts, '2000.000')).toEqual({ php: '36774.40', perKg: '18.3872' });
    // Thirds of a centavo add up before rounding: 3 × ₱0.003333… = ₱0.01.
    const third = { kg: '0.001', netKg: '3.000', amount: '10.00' };
    expect(creditCollectorPay([third, third, third], '0.003').php).toBe('0.01');
  });
});
