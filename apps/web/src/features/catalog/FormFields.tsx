import { MultiSelect, NativeSelect, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { type FieldDef, type FormValues, isShown, type Option } from './formModel.ts';

type InputProps = GetInputPropsReturnType;

interface FormFieldsProps {
  fields: FieldDef[];
  /** The form's values by config name, for `showIf`. */
  values: FormValues;
  /** The form's props of a field's input (value, onChange, error, blur). */
  inputProps: (field: FieldDef) => InputProps;
  /** Fields shown but not editable (a supplier member's view of their own record). */
  locked?: ((name: string) => boolean) | undefined;
}

/** The inputs of a master-data form, two columns on wide screens. */
export function FormFields({ fields, values, inputProps, locked }: FormFieldsProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
      {fields
        .filter((f) => isShown(f, values))
        .map((f) => (
          <div key={f.name} style={f.span === 2 ? { gridColumn: '1 / -1' } : undefined}>
            <Field field={f} input={inputProps(f)} disabled={locked?.(f.name) ?? false} />
          </div>
        ))}
    </SimpleGrid>
  );
}

interface FieldProps {
  field: FieldDef;
  input: InputProps;
  disabled: boolean;
}

function Field(props: FieldProps) {
  const { field, input, disabled } = props;
  if (typeof field.options === 'function') return <HookOptionsField {...props} useOptions={field.options} />;
  if (field.options) return <ChoiceField {...props} options={field.options} />;
  const common = {
    ...input,
    label: field.label,
    required: field.required,
    placeholder: field.placeholder,
    description: field.description,
    disabled,
    value: typeof input.value === 'string' ? input.value : '',
  };
  if (field.kind === 'textarea') return <Textarea {...common} autosize minRows={2} />;
  return (
    <TextInput
      {...common}
      type={field.kind === 'email' ? 'email' : 'text'}
      inputMode={field.kind === 'decimal' ? 'decimal' : field.kind === 'int' ? 'numeric' : undefined}
    />
  );
}

function HookOptionsField(props: FieldProps & { useOptions: () => Option[] }) {
  const options = props.useOptions();
  return <ChoiceField {...props} options={options} />;
}

function ChoiceField({ field, input, disabled, options }: FieldProps & { options: Option[] }) {
  if (field.kind === 'multi') {
    return (
      <MultiSelect
        {...input}
        label={field.label}
        required={field.required}
        description={field.description}
        disabled={disabled}
        data={options}
        value={Array.isArray(input.value) ? input.value : []}
        searchable
      />
    );
  }
  const current = typeof input.value === 'string' ? input.value : '';
  // A value no longer offered (an archived facility) stays visible instead of silently changing.
  const data =
    options.some((o) => o.value === current) || !current
      ? options
      : [...options, { value: current, label: current }];
  return (
    <NativeSelect
      {...input}
      label={field.label}
      required={field.required}
      description={field.description}
      disabled={disabled}
      data={[{ value: '', label: field.placeholder ?? `Choose…` }, ...data]}
      value={current}
    />
  );
}
