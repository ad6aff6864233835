import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { isNotFound } from '../../components/common/apiErrors.ts';
import { QueryError } from '../../components/common/QueryError.tsx';
import { RequirePermission } from '../../components/common/RequirePermission.tsx';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { useProductionRecord } from './api.ts';
import { ProductionRecordForm } from './ProductionRecordForm.tsx';

const backLink = (
  <Anchor component={Link} to="/production-records" size="sm">
    <Group gap={4} component="span">
      <IconArrowLeft size={16} aria-hidden />
      Back to production records
    </Group>
  </Anchor>
);

/** /production-records/new */
export function NewProductionRecordPage() {
  usePageTitle('New production run');
  return (
    <Stack maw={1080} gap="md">
      {backLink}
      <RequirePermission action="production.write" title="New production run">
        <Title order={1}>New production run</Title>
        <ProductionRecordForm />
      </RequirePermission>
    </Stack>
  );
}

/** /production-records/:id/edit: only a draft changes. */
export function EditProductionRecordPage() {
  usePageTitle('Edit production run');
  return (
    <Stack maw={1080} gap="md">
      {backLink}
      <RequirePermission action="production.write" title="Edit production run">
        <EditRun />
      </RequirePermission>
    </Stack>
  );
}

function EditRun() {
  const { id = '' } = useParams();
  const record = useProductionRecord(id);
  return (
    <>
      <Title order={1}>{record.data ? `Edit ${record.data.number}` : 'Edit production run'}</Title>
      {record.isPending && (
        <Text c="dimmed" role="status">
          Loading the run…
        </Text>
      )}
      {record.isError &&
        (isNotFound(record.error) ? (
          <Paper withBorder p="lg">
            <Text>This production run does not exist.</Text>
          </Paper>
        ) : (
          <QueryError error={record.error} what="The run" onRetry={() => record.refetch()} />
        ))}
      {record.data &&
        (record.data.status === 'draft' ? (
          <ProductionRecordForm record={record.data} />
        ) : (
          <Text>
            {record.data.number} is {record.data.status}; a posted run is voided and recorded again, not
            edited.
          </Text>
        ))}
    </>
  );
}
