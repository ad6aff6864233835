import { describe, expect, it } from 'vitest';
import { Reader, unzigzag, Writer, zigzag } from './binary.js';

describe('varints', () => {
  it('take 7 bits a byte, low bits first, up to 2^53 − 1 in 8 bytes', () => {
    const cases: [number, number[]][] = [
      [0, [0x00]],
      [1, [0x01]],
      [127, [0x7f]],
      [128, [0x80, 0x01]],
      [300, [0xac, 0x02]],
      [16_384, [0x80, 0x80, 0x01]],
      [2 ** 32, [0x80, 0x80, 0x80, 0x80, 0x10]],
      [Number.MAX_SAFE_INTEGER, [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x0f]],
    ];
    for (const [value, bytes] of cases) {
      expect(Array.from(new Writer().varint(value).result()), String(value)).toEqual(bytes);
      const reader = new Reader(Uint8Array.from(bytes), 'the test');
      expect(reader.varint('the value')).toBe(value);
      expect(reader.left).toBe(0);
    }
  });

  it('refuse what is not a whole number from 0 to 2^53 − 1, and overlong encodings', () => {
    for (const value of [-1, 1.5, 2 ** 53, Number.NaN]) {
      expect(() => new Writer().varint(value)).toThrow(`${value} is not a varint`);
    }
    const read = (bytes: number[]) => () => new Reader(Uint8Array.from(bytes), 'the test').varint('x');
    expect(read([0x80, 0x00])).toThrow('the test has x in an overlong varint');
    expect(read([0xff, 0x80, 0x00])).toThrow('the test has x in an overlong varint');
    expect(read([0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x10])).toThrow('the test has x above 2^53 − 1');
    expect(read([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x00])).toThrow('above 2^53 − 1');
    expect(read([0x80])).toThrow('the test is cut short in x');
  });

  it('zigzag keeps signed times short and exact', () => {
    expect([0, -1, 1, -2, 2].map(zigzag)).toEqual([0, 1, 2, 3, 4]);
    const times = ['0000-01-01T00:00:00.000Z', '1969-12-31T23:59:59.999Z', '9999-12-31T23:59:59.999Z'];
    for (const ms of [...times.map(Date.parse), 0, 1_795_000_000_123]) {
      expect(unzigzag(zigzag(ms)), String(ms)).toBe(ms);
    }
    // A 2026 time is 6 bytes either way.
    expect(new Writer().varint(zigzag(Date.parse('2026-11-26T05:00:00.123Z'))).result()).toHaveLength(6);
  });
});

describe('text', () => {
  it('is a one-byte length and UTF-8, the BOM kept, invalid UTF-8 refused', () => {
    const bytes = new Writer().text('\ufeffé', 'the text').result();
    expect(Array.from(bytes)).toEqual([5, 0xef, 0xbb, 0xbf, 0xc3, 0xa9]);
    expect(new Reader(bytes, 'the test').text('the text')).toBe('\ufeffé');
    expect(() => new Writer().text('x'.repeat(256), 'the text')).toThrow('the text is 256 bytes of UTF-8');
    const bad = Uint8Array.from([2, 0xc0, 0xaf]);
    expect(() => new Reader(bad, 'the test').text('the text')).toThrow('the text in the test is not UTF-8');
  });
});
