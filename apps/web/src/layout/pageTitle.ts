import { useDocumentTitle } from '@mantine/hooks';

export const PRODUCT_NAME = 'PlasTrace';

/** Sets the browser tab title to "<page> · PlasTrace", or the product name alone. */
export function usePageTitle(page?: string): void {
  useDocumentTitle(page ? `${page} · ${PRODUCT_NAME}` : PRODUCT_NAME);
}
