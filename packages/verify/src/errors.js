/** What the parsers and encoders throw; the verify functions never throw but answer a reason. */
export class VerifyError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = 'VerifyError';
  }
}

/**
 * A value as an error message quotes it.
 * @param {unknown} value
 */
export function show(value) {
  if (value === undefined) return 'missing';
  if (typeof value === 'bigint') return `${value}n`;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}
