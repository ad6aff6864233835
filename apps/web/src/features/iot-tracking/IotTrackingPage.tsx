// Placeholder: the devices page is built by the IoT work (issue 17).
export function IotTrackingPage() {
  return null;
}
