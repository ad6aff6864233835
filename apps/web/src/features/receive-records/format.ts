export const RECORD_STATUS_COLOR = { draft: 'gray', posted: 'green', voided: 'red' } as const;
export const recordStatusLabel = (status: keyof typeof RECORD_STATUS_COLOR) =>
  status.charAt(0).toUpperCase() + status.slice(1);
