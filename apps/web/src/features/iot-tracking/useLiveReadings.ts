// Placeholder: the live readings of one device, streamed from the server (issue 17, readings work).
import type { Camelize, Reading } from '@plastrace/shared';

export type LiveReadings = {
  latest: Camelize<Reading> | null;
  readings: Camelize<Reading>[];
  status: 'connecting' | 'live' | 'offline';
};

export function useLiveReadings(_deviceId: string | null): LiveReadings {
  return { latest: null, readings: [], status: 'offline' };
}
