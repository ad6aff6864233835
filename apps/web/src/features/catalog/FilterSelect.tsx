import { NativeSelect } from '@mantine/core';
import type { FilterDef } from './entity.ts';
import type { Option } from './formModel.ts';

/** One filter of a master-data list: fixed choices, or choices from a hook (reference lists). */
export function FilterSelect({
  filter,
  value,
  onChange,
}: {
  filter: FilterDef;
  value: string;
  onChange: (v: string) => void;
}) {
  if (typeof filter.options === 'function')
    return <HookFilterSelect filter={filter} useOptions={filter.options} value={value} onChange={onChange} />;
  return <PlainFilterSelect filter={filter} options={filter.options} value={value} onChange={onChange} />;
}

function HookFilterSelect(props: {
  filter: FilterDef;
  useOptions: () => Option[];
  value: string;
  onChange: (v: string) => void;
}) {
  const options = props.useOptions();
  return <PlainFilterSelect {...props} options={options} />;
}

function PlainFilterSelect({
  filter,
  options,
  value,
  onChange,
}: {
  filter: FilterDef;
  options: Option[];
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <NativeSelect
      label={filter.label}
      data={[{ value: '', label: 'All' }, ...options]}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}
