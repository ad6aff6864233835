import { schemaResolver, useForm } from '@mantine/form';
import type { z } from 'zod';

/**
 * A form checked by the same shared zod schema the server checks its body with (packages/shared), so
 * the browser and the API refuse alike and in the same words. Field names are the schema's (the
 * wire's snake_case); a field's error clears as soon as it is edited, and shows again on leaving it.
 */
export function useSchemaForm<S extends z.ZodType<unknown, Record<string, unknown>>>(
  schema: S,
  initialValues: z.input<S> & Record<string, unknown>,
) {
  return useForm<z.input<S> & Record<string, unknown>>({
    mode: 'controlled',
    initialValues,
    validate: schemaResolver(schema, { sync: true }),
    validateInputOnBlur: true,
  });
}
