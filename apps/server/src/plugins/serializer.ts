import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * fast-json-stringify writes `anyOf` by validating each branch in turn; zod writes every `.nullable()` as
 * `anyOf: [X, {type: 'null'}]`, which would validate the whole of X for each nullable object. The
 * `nullable` keyword says the same, and fast-json-stringify writes it with one `=== null` check.
 */
function nullableInsteadOfAnyOf(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nullableInsteadOfAnyOf);
  if (!node || typeof node !== 'object') return node;
  const o: JsonSchema = {};
  for (const [k, v] of Object.entries(node)) o[k] = nullableInsteadOfAnyOf(v);
  const anyOf = o.anyOf as JsonSchema[] | undefined;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const isNull = (s: JsonSchema) => s.type === 'null' && Object.keys(s).length === 1;
    const other = anyOf.find((s) => !isNull(s));
    const other$ = other && !other.$ref && typeof other.type === 'string' ? other : undefined;
    if (other$ && anyOf.some(isNull)) {
      const { anyOf: _, ...rest } = o;
      return { ...rest, ...other$, nullable: true };
    }
  }
  return o;
}

/** The JSON Schema of what a route answers, as fast-json-stringify reads it. */
export function responseJsonSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, {
    io: 'output',
    target: 'draft-7',
    // Ids given with .meta({id}) are OpenAPI component names; here one self-contained schema is wanted.
    reused: 'inline',
    cycles: 'ref',
  }) as JsonSchema;
  return nullableInsteadOfAnyOf(json) as JsonSchema;
}

/** The serializers made but not compiled yet (see compileResponseSerializers). */
const uncompiled = new Set<() => void>();

/**
 * Writes each answer with a function compiled once from the route's zod schema (fast-json-stringify),
 * instead of fastify-type-provider-zod's `safeEncode` + `JSON.stringify`, which validated and copied
 * every answer before writing it (~10 % of a list request, plus the garbage). Fields the schema does not
 * declare are still left out, so a row can never leak a column the API does not promise; the zod
 * schemas keep validating every input, and tests compare answers with the shared schemas.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => {
  // Compiled on first use (~3 ms a schema: most routes of a test app never answer), or all at once by
  // compileResponseSerializers.
  let write: ((data: unknown) => string) | undefined;
  const compile = () => {
    write ??= fastJson(responseJsonSchema(schema) as unknown as Parameters<typeof fastJson>[0]);
    uncompiled.delete(compile);
    return write;
  };
  uncompiled.add(compile);
  return (data) => (write ?? compile())(data);
};

/**
 * Compiles every response serializer not compiled yet, throwing on a schema fast-json-stringify cannot
 * write: the server does it at start (a bad schema stops it there, not at its route's first answer),
 * and a test does it for every route. Answers how many it compiled.
 */
export function compileResponseSerializers(): number {
  const all = [...uncompiled];
  for (const compile of all) compile();
  return all.length;
}
