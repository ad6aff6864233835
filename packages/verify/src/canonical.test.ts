import { describe, expect, it } from 'vitest';
import { canonicalize } from './canonical.js';
import { VerifyError } from './errors.js';

/** The double whose IEEE 754 bits are the given 16 hex digits. */
function double(hex: string): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setBigUint64(0, BigInt(`0x${hex}`));
  return view.getFloat64(0);
}

describe('canonicalize (RFC 8785)', () => {
  it('writes the §3.2.2 example as the RFC does', () => {
    const input = JSON.parse(
      '{"numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],' +
        '"string": "\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/",' +
        '"literals": [null, true, false]}',
    );
    expect(canonicalize(input)).toBe(
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],' +
        '"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
    );
  });

  it('sorts keys by UTF-16 code units (§3.2.3)', () => {
    const input = JSON.parse(
      '{"\\u20ac":"Euro Sign","\\r":"Carriage Return","\\ufb33":"Hebrew Letter Dalet With Dagesh","1":"One",' +
        '"\\ud83d\\ude00":"Emoji: Grinning Face","\\u0080":"Control","\\u00f6":"Latin Small Letter O With Diaeresis"}',
    );
    expect(canonicalize(input)).toBe(
      '{"\\r":"Carriage Return","1":"One","\u0080":"Control","\u00f6":"Latin Small Letter O With Diaeresis",' +
        '"\u20ac":"Euro Sign","\ud83d\ude00":"Emoji: Grinning Face","\ufb33":"Hebrew Letter Dalet With Dagesh"}',
    );
    // Code units, not code points: U+1F600 (D83D DE00) sorts before U+FB33, and U+10000 before U+E000.
    expect(canonicalize({ '\ue000': 2, '\u{10000}': 1 })).toBe('{"\u{10000}":1,"\ue000":2}');
  });

  // Appendix B: IEEE 754 bit patterns and their canonical text.
  const numbers: [string, string][] = [
    ['0000000000000000', '0'],
    ['8000000000000000', '0'],
    ['0000000000000001', '5e-324'],
    ['8000000000000001', '-5e-324'],
    ['7fefffffffffffff', '1.7976931348623157e+308'],
    ['ffefffffffffffff', '-1.7976931348623157e+308'],
    ['4340000000000000', '9007199254740992'],
    ['c340000000000000', '-9007199254740992'],
    ['4430000000000000', '295147905179352830000'],
    ['44b52d02c7e14af5', '9.999999999999997e+22'],
    ['44b52d02c7e14af6', '1e+23'],
    ['44b52d02c7e14af7', '1.0000000000000001e+23'],
    ['444b1ae4d6e2ef4e', '999999999999999700000'],
    ['444b1ae4d6e2ef4f', '999999999999999900000'],
    ['444b1ae4d6e2ef50', '1e+21'],
    ['3eb0c6f7a0b5ed8c', '9.999999999999997e-7'],
    ['3eb0c6f7a0b5ed8d', '0.000001'],
    ['41b3de4355555553', '333333333.3333332'],
    ['41b3de4355555554', '333333333.33333325'],
    ['41b3de4355555555', '333333333.3333333'],
    ['41b3de4355555556', '333333333.3333334'],
    ['41b3de4355555557', '333333333.33333343'],
    ['becbf647612f3696', '-0.0000033333333333333333'],
    ['43143ff3c1cb0959', '1424953923781206.2'],
  ];
  it.each(numbers)('writes the double %s as %s (Appendix B)', (hex, text) => {
    expect(canonicalize(double(hex))).toBe(text);
    expect(canonicalize([double(hex)])).toBe(`[${text}]`);
  });

  it('refuses NaN and Infinity (Appendix B 7fffffffffffffff, 7ff0000000000000)', () => {
    expect(() => canonicalize(double('7fffffffffffffff'))).toThrow(VerifyError);
    expect(() => canonicalize(double('7ff0000000000000'))).toThrow('Infinity, which JSON cannot hold');
    expect(() => canonicalize({ a: [1, -Infinity] })).toThrow('the value at a[1] is -Infinity');
  });

  it('sorts nested objects, keeps array order, writes no whitespace', () => {
    expect(canonicalize({ b: [3, { z: 1, a: 2 }], a: { d: null, c: true }, ' ': '' })).toBe(
      '{" ":"","a":{"c":true,"d":null},"b":[3,{"a":2,"z":1}]}',
    );
    expect(canonicalize([])).toBe('[]');
    expect(canonicalize({})).toBe('{}');
    expect(canonicalize('x')).toBe('"x"');
    expect(canonicalize(Object.create(null))).toBe('{}');
  });

  it('escapes strings as JSON.stringify does', () => {
    expect(canonicalize('\u0000\u001f\u007f\u2028"\\/\t\b\f')).toBe(
      '"\\u0000\\u001f\u007f\u2028\\"\\\\/\\t\\b\\f"',
    );
  });

  it('leaves out undefined members and uses toJSON, as JSON.stringify does', () => {
    expect(canonicalize({ a: undefined, b: 1 })).toBe('{"b":1}');
    expect(canonicalize({ at: new Date('2026-11-26T05:00:00.123Z') })).toBe(
      '{"at":"2026-11-26T05:00:00.123Z"}',
    );
  });

  it('is JSON.stringify with sorted keys on ordinary data', () => {
    const value = { z: [1.5, 'ä', { y: null, x: false }], a: -0.000001, m: 1e21 };
    expect(JSON.parse(canonicalize(value))).toEqual(value);
    expect(canonicalize(value)).toBe(
      JSON.stringify({ a: value.a, m: value.m, z: [1.5, 'ä', { x: false, y: null }] }),
    );
  });

  it('refuses what has no single JSON form', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const cases: [unknown, string][] = [
      [10n, 'the value is a bigint'],
      [{ f: () => 1 }, 'the value at f is a function'],
      [{ s: Symbol('s') }, 'the value at s is a symbol'],
      [undefined, 'the value is undefined, which JSON cannot hold'],
      [[1, undefined], 'the value at [1] is undefined'],
      [{ text: 'a\ud800b' }, 'the value at text holds a lone UTF-16 surrogate'],
      [{ '\udc00': 1 }, 'lone UTF-16 surrogate'],
      [cyclic, 'the value at self refers to itself'],
      [new Map(), 'is not a plain object (Map)'],
      [{ bytes: new Uint8Array(2) }, 'the value at bytes is not a plain object (Uint8Array)'],
      [new (class Lot {})(), 'is not a plain object (Lot)'],
    ];
    for (const [value, message] of cases) expect(() => canonicalize(value), message).toThrow(message);
  });

  it('refuses a value nested deeper than the stack, as an error of its own kind', () => {
    const deep: Record<string, unknown> = {};
    let at = deep;
    for (let i = 0; i < 100_000; i++) {
      const next = {};
      at.a = next;
      at = next;
    }
    expect(() => canonicalize(deep)).toThrow(new VerifyError('the value is nested too deeply to write'));
  });

  it('writes the same object twice over when it is shared, not cyclic', () => {
    const shared = { kg: '1.5' };
    expect(canonicalize({ a: shared, b: [shared] })).toBe('{"a":{"kg":"1.5"},"b":[{"kg":"1.5"}]}');
  });
});
