import { describe, expect, it } from 'vitest';
import { transportCo2eKg, tripStopIssues } from './schemas/logistics.ts';

describe('transportCo2eKg', () => {
  it('multiplies tonnes, km and the factor exactly, to the gram, half away from zero', () => {
    // 0.85 t × 17.9 km × 0.19234 = 2.9264531
    expect(transportCo2eKg('850', '17.9', '0.19234')).toBe('2.926');
    // 1 t × 0.1 km × 0.005 = 0.0005 exactly: up; a gram of payload less stays below it.
    expect(transportCo2eKg('1000', '0.1', '0.00500')).toBe('0.001');
    expect(transportCo2eKg('999.999', '0.1', '0.00500')).toBe('0.000');
    expect(transportCo2eKg('', '12', '0.1')).toBeNull();
  });
});

describe('tripStopIssues', () => {
  it('asks each stop for the record of its kind, both coordinates, and a record once', () => {
    const id = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f8006';
    expect(
      tripStopIssues([
        { kind: 'pickup', receive_record_id: id, latitude: '14.7' },
        { kind: 'pickup', receive_record_id: id },
        { kind: 'delivery' },
      ]),
    ).toEqual([
      { path: ['stops', 0, 'longitude'], message: 'Enter both the latitude and the longitude, or neither' },
      { path: ['stops', 1, 'receive_record_id'], message: 'This record is already on stop 1' },
      { path: ['stops', 2, 'dispatch_record_id'], message: 'Choose the dispatch delivered here' },
    ]);
  });
});
