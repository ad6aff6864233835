import { schemaResolver, type UseFormReturnType, useForm } from '@mantine/form';
import { useEffect } from 'react';
import { z } from 'zod';
import { wireFieldErrorsOf } from './apiErrors.ts';

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

/**
 * A wire field fed only text (it takes more: numbers, null). TypeScript cannot see through a generic
 * that the one accepts the other, so the form's values are typed as the inputs hold them.
 */
const asTextField = <T extends z.ZodType, I>(wireField: T) =>
  wireField as unknown as z.ZodType<z.output<T>, I>;

/**
 * An optional wire field typed into a text input: left empty, it is not sent, so the wire's own default
 * (or nothing) applies.
 */
export const leftOutWhenBlank = <T extends z.ZodType>(wireField: T) =>
  z
    .string()
    .transform((v) => v.trim() || undefined)
    .pipe(asTextField<T, string | undefined>(wireField));

/** A nullable wire field typed into a text input: left empty, it is sent as null (cleared). */
export const nullWhenBlank = <T extends z.ZodType>(wireField: T) =>
  z
    .string()
    .transform((v) => v.trim() || null)
    .pipe(asTextField<T, string | null>(wireField));

/** A wire field that takes a number or text, held as the text the user typed. */
export const typed = <T extends z.ZodType>(wireField: T) =>
  z.string().pipe(asTextField<T, string>(wireField));

/**
 * A dialog's form whose request its caller runs: while the dialog is open, the request's refusal of a
 * field goes under that field; closed by its caller (after success), the form starts empty next time.
 * Answers the refused fields, so the dialog shows above the form only what names no field. Only while
 * open: a caller may share one request state between its dialogs.
 */
export function useDialogFormErrors<V>(
  form: Pick<UseFormReturnType<V>, 'reset' | 'setErrors'>,
  opened: boolean,
  error: unknown,
): Record<string, string> {
  const { reset, setErrors } = form;
  useEffect(() => {
    if (!opened) reset();
  }, [opened, reset]);
  useEffect(() => {
    const fields = wireFieldErrorsOf(error);
    if (opened && Object.keys(fields).length > 0) setErrors(fields);
  }, [opened, error, setErrors]);
  return wireFieldErrorsOf(error);
}
