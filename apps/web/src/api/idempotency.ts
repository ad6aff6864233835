/** A fresh key for one submission of a form: a retry of the same submission reuses it (DESIGN.md §3). */
export const newIdempotencyKey = (): string => crypto.randomUUID();
