// Placeholder: the live readings chart of one device (issue 17, readings work).
export function DeviceLiveChart(_props: { deviceId: string }) {
  return null;
}
