/**
 * The web client converts snake_case wire keys to camelCase (spec §7). These types follow the same
 * rule, so the zod wire schemas stay the one source of API types on the web too:
 * `Camelize<z.infer<typeof memberSchema>>` is what `api.get` returns for a member.
 */
export type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

export type Camelize<T> = T extends readonly (infer U)[]
  ? Camelize<U>[]
  : T extends Date
    ? T
    : T extends object
      ? { [K in keyof T as K extends string ? CamelCase<K> : K]: Camelize<T[K]> }
      : T;
