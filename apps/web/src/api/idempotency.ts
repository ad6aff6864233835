/** A fresh key for one submission of a form: a retry of the same submission reuses it (docs/architecture.md: API conventions). */
export const newIdempotencyKey = (): string => crypto.randomUUID();
