import { NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useBoms } from '../boms/api.ts';
import type { ProductionFormValues } from './formState.ts';

/**
 * A manufacturing run's product, the BOM version it was made to (the one in effect by default) and the
 * units it made: posting checks the inputs against that BOM.
 */
export function ProductFields({ form }: { form: UseFormReturnType<ProductionFormValues> }) {
  const values = form.getValues();
  const products = useBoms('').data?.pages.flatMap((p) => p.items) ?? [];
  const product = products.find((p) => p.id === values.product_id);
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
      <NativeSelect
        label="Product made"
        {...form.getInputProps('product_id')}
        onChange={(e) => {
          const chosen = products.find((p) => p.id === e.currentTarget.value);
          form.setFieldValue('product_id', e.currentTarget.value);
          const current = chosen?.versions.find((v) => v.versionNo === chosen.currentVersion);
          form.setFieldValue('bom_version_id', current?.id ?? '');
        }}
        data={[
          { value: '', label: 'None' },
          ...products.map((p) => ({ value: p.id, label: `${p.name} (${p.code})` })),
        ]}
      />
      <NativeSelect
        label="BOM version"
        disabled={!product}
        {...form.getInputProps('bom_version_id')}
        data={[
          { value: '', label: product ? 'Choose…' : 'Choose the product first' },
          ...(product?.versions ?? []).map((v) => ({
            value: v.id,
            label: `v${v.versionNo} from ${v.effectiveFrom}${v.versionNo === product?.currentVersion ? ' (in effect)' : ''}`,
          })),
        ]}
      />
      <TextInput
        label="Units made"
        inputMode="numeric"
        disabled={!product}
        {...form.getInputProps('units')}
      />
    </SimpleGrid>
  );
}
