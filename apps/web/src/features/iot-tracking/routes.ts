import { IconAccessPoint } from '@tabler/icons-react';
import type { RouteObject } from 'react-router';
import type { NavGroup } from '../../layout/navigation.ts';

/** /iot-tracking: devices, their readings, calibrations, keys and alerts. */
export const iotTrackingRoutes: RouteObject[] = [
  {
    path: 'iot-tracking',
    lazy: async () => ({ Component: (await import('./IotTrackingPage.tsx')).IotTrackingPage }),
  },
];

export const iotTrackingNav: NavGroup = {
  label: 'Operations',
  items: [{ label: 'IoT tracking', path: '/iot-tracking', icon: IconAccessPoint, action: 'devices.read' }],
};
