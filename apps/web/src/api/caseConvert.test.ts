import { describe, expect, it } from 'vitest';
import { camelKeys, snakeKeys, toCamelKey, toSnakeKey } from './caseConvert.ts';

describe('case conversion', () => {
  it('converts single keys both ways', () => {
    expect(['firstName', 'eprLicense', 'defaultCurrency', 'id', 'user_id'].map(toSnakeKey)).toEqual([
      'first_name',
      'epr_license',
      'default_currency',
      'id',
      'user_id',
    ]);
    expect(['first_name', 'access_token', 'csrfToken', 'id', '_private'].map(toCamelKey)).toEqual([
      'firstName',
      'accessToken',
      'csrfToken',
      'id',
      '_private',
    ]);
  });

  it('converts nested objects and arrays', () => {
    expect(camelKeys({ session: { access_token: 't' }, items: [{ created_at: 1, tags: ['a_b'] }] })).toEqual({
      session: { accessToken: 't' },
      items: [{ createdAt: 1, tags: ['a_b'] }],
    });
    expect(snakeKeys({ lineItems: [{ netKg: 1 }], nothing: null })).toEqual({
      line_items: [{ net_kg: 1 }],
      nothing: null,
    });
  });

  it("leaves a metadata object's keys as they are, in both directions", () => {
    const metadata = { recordType: 'receive', record_count: 3, parameters: { dateFrom: '2024-01-01' } };

    expect(snakeKeys({ userId: 'u', metadata })).toEqual({ user_id: 'u', metadata });
    expect(camelKeys({ user_id: 'u', metadata })).toEqual({ userId: 'u', metadata });
  });

  it('passes non-plain values through', () => {
    const date = new Date(0);
    const form = new FormData();
    expect(snakeKeys({ whenAt: date, fileData: form })).toEqual({ when_at: date, file_data: form });
    expect(camelKeys('text')).toBe('text');
  });
});
