import { ACTIVITY_LOG_CURRENCY } from '@plastrace/shared';

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * '₱1,234.50'. Activity amounts arrive as decimal strings (numeric(14,2)); converting to a number
 * only for display is exact at that size. An amount that is not a number is shown as sent.
 */
export function formatAmount(amount: string | number, currency: string = ACTIVITY_LOG_CURRENCY): string {
  const value = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(value)) return String(amount);
  let format = formatters.get(currency);
  if (!format) {
    try {
      format = new Intl.NumberFormat('en-PH', { style: 'currency', currency });
    } catch {
      format = new Intl.NumberFormat('en-PH', { style: 'currency', currency: ACTIVITY_LOG_CURRENCY });
    }
    formatters.set(currency, format);
  }
  return format.format(value);
}

/** 'UPDATE_SETTINGS' → 'Update settings'. */
export const transactionTypeLabel = (type: string): string => {
  const words = type.toLowerCase().replace(/_/g, ' ');
  return words.replace(/^qr /, 'QR ').replace(/^./, (c) => c.toUpperCase());
};

/** Who wrote an entry: the server, as part of the change it records, or a client reporting an event. */
export const SOURCE_LABEL = {
  server: 'Recorded by the server',
  client: 'Reported by the app',
} as const;

/** What each source means, for the entry's page. */
export const SOURCE_EXPLANATION = {
  server:
    'The server wrote this entry itself, in the same transaction as the change it describes: the change and its entry were saved together or not at all.',
  client:
    'An app (this web app, or another one using the API) reported this event, such as a sign-in, a sign-out, a QR code or an export. The server accepted it because apps may report such events and stored it under the signed-in member, but it did not see the event happen itself.',
} as const;
