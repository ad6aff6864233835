// Test helper (not imported by app code): jsdom has no object URLs, so a download is checked by its
// request and by the click on the link that would save it.
import { onTestFinished, vi } from 'vitest';

export function catchDownloads() {
  const { createObjectURL, revokeObjectURL } = URL;
  URL.createObjectURL = vi.fn(() => 'blob:download');
  URL.revokeObjectURL = vi.fn();
  onTestFinished(() => {
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
  });
  return vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
}
