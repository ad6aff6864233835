import { MultiSelect, NativeSelect, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import type { FieldDef, FormValue, FormValues, Option } from './formModel.ts';

interface FormFieldsProps {
  fields: FieldDef[];
  values: FormValues;
  errors: Record<string, string | undefined>;
  onChange: (name: string, value: FormValue) => void;
  /** Fields shown but not editable (a supplier member's view of their own record). */
  locked?: ((name: string) => boolean) | undefined;
}

/** The inputs of a master-data form, two columns on wide screens. */
export function FormFields({ fields, values, errors, onChange, locked }: FormFieldsProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
      {fields
        .filter((f) => !f.showIf || f.showIf(values))
        .map((f) => (
          <div key={f.name} style={f.span === 2 ? { gridColumn: '1 / -1' } : undefined}>
            <Field
              field={f}
              value={values[f.name]}
              error={errors[f.name]}
              onChange={onChange}
              disabled={locked?.(f.name) ?? false}
            />
          </div>
        ))}
    </SimpleGrid>
  );
}

interface FieldProps {
  field: FieldDef;
  value: FormValue | undefined;
  error: string | undefined;
  onChange: (name: string, value: FormValue) => void;
  disabled: boolean;
}

function Field(props: FieldProps) {
  const { field } = props;
  if (typeof field.options === 'function') return <HookOptionsField {...props} useOptions={field.options} />;
  if (field.options) return <ChoiceField {...props} options={field.options} />;
  const common = {
    label: field.label,
    required: field.required,
    placeholder: field.placeholder,
    description: field.description,
    error: props.error,
    disabled: props.disabled,
    value: typeof props.value === 'string' ? props.value : '',
  };
  if (field.kind === 'textarea')
    return (
      <Textarea
        {...common}
        autosize
        minRows={2}
        onChange={(e) => props.onChange(field.name, e.currentTarget.value)}
      />
    );
  return (
    <TextInput
      {...common}
      type={field.kind === 'email' ? 'email' : 'text'}
      inputMode={field.kind === 'decimal' ? 'decimal' : field.kind === 'int' ? 'numeric' : undefined}
      onChange={(e) => props.onChange(field.name, e.currentTarget.value)}
    />
  );
}

function HookOptionsField(props: FieldProps & { useOptions: () => Option[] }) {
  const options = props.useOptions();
  return <ChoiceField {...props} options={options} />;
}

function ChoiceField({
  field,
  value,
  error,
  onChange,
  disabled,
  options,
}: FieldProps & { options: Option[] }) {
  if (field.kind === 'multi') {
    return (
      <MultiSelect
        label={field.label}
        required={field.required}
        description={field.description}
        error={error}
        disabled={disabled}
        data={options}
        value={Array.isArray(value) ? value : []}
        searchable
        onChange={(next) => onChange(field.name, next)}
      />
    );
  }
  const current = typeof value === 'string' ? value : '';
  // A value no longer offered (an archived facility) stays visible instead of silently changing.
  const data =
    options.some((o) => o.value === current) || !current
      ? options
      : [...options, { value: current, label: current }];
  return (
    <NativeSelect
      label={field.label}
      required={field.required}
      description={field.description}
      error={error}
      disabled={disabled}
      data={[{ value: '', label: field.placeholder ?? `Choose…` }, ...data]}
      value={current}
      onChange={(e) => onChange(field.name, e.currentTarget.value)}
    />
  );
}
