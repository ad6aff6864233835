// Placeholder: open anomaly alerts, of one device or of all (issue 17, records and anomalies work).
export function DeviceAlerts(_props: { deviceId?: string }) {
  return null;
}
