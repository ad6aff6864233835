import { describe, expect, it } from 'vitest';
import { readTraceParams, traceSearch } from './useTraceParams.ts';

describe('the trace in the address', () => {
  it('reads a value the API would refuse as the default', () => {
    expect(readTraceParams(new URLSearchParams('q=%20abc%20&direction=sideways&depth=99'))).toEqual({
      q: 'abc',
      direction: 'both',
      depth: 10,
    });
    expect(readTraceParams(new URLSearchParams('direction=upstream&depth=2.5'))).toEqual({
      q: '',
      direction: 'upstream',
      depth: 10,
    });
  });

  it('leaves the defaults out of the address', () => {
    expect(traceSearch({ q: 'X-1', direction: 'both', depth: 10 }).toString()).toBe('q=X-1');
    expect(traceSearch({ q: 'X-1', direction: 'downstream', depth: 25 }).toString()).toBe(
      'q=X-1&direction=downstream&depth=25',
    );
  });
});
