import { Anchor, Button, Group, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { bomCreateSchema } from '@plastrace/shared';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { wireFieldErrorsOf } from '../../components/common/apiErrors.ts';
import { ActionError } from '../../components/common/QueryError.tsx';
import { RequirePermission } from '../../components/common/RequirePermission.tsx';
import { leftOutWhenBlank, useSchemaForm } from '../../components/common/schemaForm.ts';
import { useToast } from '../../components/toast/ToastProvider.tsx';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { useComponentOptions, useCreateBom } from './api.ts';
import { asWireFigures, FiguresView } from './Figures.tsx';
import { VersionLines } from './VersionLines.tsx';
import { liveFigures, newVersionValues, versionBody, versionFormSchema } from './versionForm.ts';

const wire = bomCreateSchema.shape;
const formSchema = bomCreateSchema.extend({
  gtin: leftOutWhenBlank(wire.gtin),
  packaging_format: leftOutWhenBlank(wire.packaging_format),
  first_version: versionFormSchema,
});

/** /bom-management/new: a product and the first version of its bill of materials. */
export function NewBomPage() {
  usePageTitle('New product');
  return (
    <Stack maw={960} gap="md">
      <Anchor component={Link} to="/bom-management" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          Back to bills of materials
        </Group>
      </Anchor>
      <RequirePermission action="masterdata.write" title="New product">
        <Title order={1}>New product</Title>
        <NewBomForm />
      </RequirePermission>
    </Stack>
  );
}

function NewBomForm() {
  const navigate = useNavigate();
  const { showToast } = useToast();
  const components = useComponentOptions().data?.items ?? [];
  const create = useCreateBom();
  const form = useSchemaForm(formSchema, {
    code: '',
    name: '',
    gtin: '',
    unit: 'piece',
    packaging_format: '',
    first_version: newVersionValues(new Date().toISOString().slice(0, 10)),
  });
  const values = form.getValues();
  const submit = form.onSubmit(() => {
    const checked = formSchema.parse(form.getValues());
    create.mutate(
      { ...checked, first_version: versionBody(checked.first_version) },
      {
        onSuccess: (bom) => {
          showToast({ message: `${bom.code} created with its bill of materials.` });
          navigate(`/bom-management/${bom.id}`);
        },
        onError: (error) => form.setErrors(wireFieldErrorsOf(error)),
      },
    );
  });
  const fieldLevel = Object.keys(wireFieldErrorsOf(create.error)).length > 0;
  return (
    <form onSubmit={submit} noValidate aria-label="New product">
      <Stack gap="md">
        {!fieldLevel && <ActionError error={create.error} onClose={() => create.reset()} />}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="SKU" required {...form.getInputProps('code')} />
          <TextInput label="Name" required {...form.getInputProps('name')} />
          <TextInput
            label="GTIN"
            description="8, 12, 13 or 14 digits; the check digit is verified"
            {...form.getInputProps('gtin')}
          />
          <TextInput
            label="Unit"
            description="What one unit is: bottle, sachet, pack…"
            {...form.getInputProps('unit')}
          />
          <TextInput label="Packaging format" {...form.getInputProps('packaging_format')} />
          <TextInput
            label="In effect from"
            type="date"
            required
            {...form.getInputProps('first_version.effective_from')}
          />
        </SimpleGrid>
        <Title order={2} fz="h4">
          Components per unit
        </Title>
        <VersionLines
          form={form}
          prefix="first_version."
          lines={values.first_version.lines}
          components={components}
        />
        <FiguresView
          figures={asWireFigures(liveFigures(values.first_version.lines, components))}
          unit={values.unit || 'unit'}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending}>
            Create product
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
