import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { isNotFound } from '../../components/common/apiErrors.ts';
import { QueryError } from '../../components/common/QueryError.tsx';
import { RequirePermission } from '../../components/common/RequirePermission.tsx';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { useDispatchRecord } from './api.ts';
import { DispatchRecordForm } from './DispatchRecordForm.tsx';

const backLink = (
  <Anchor component={Link} to="/dispatch-records" size="sm">
    <Group gap={4} component="span">
      <IconArrowLeft size={16} aria-hidden />
      Back to dispatch records
    </Group>
  </Anchor>
);

/** /dispatch-records/new */
export function NewDispatchRecordPage() {
  usePageTitle('New dispatch');
  return (
    <Stack maw={1080} gap="md">
      {backLink}
      <RequirePermission action="dispatch.write" title="New dispatch">
        <Title order={1}>New dispatch</Title>
        <DispatchRecordForm />
      </RequirePermission>
    </Stack>
  );
}

/** /dispatch-records/:id/edit: only a draft changes. */
export function EditDispatchRecordPage() {
  usePageTitle('Edit dispatch');
  return (
    <Stack maw={1080} gap="md">
      {backLink}
      <RequirePermission action="dispatch.write" title="Edit dispatch">
        <EditDispatch />
      </RequirePermission>
    </Stack>
  );
}

function EditDispatch() {
  const { id = '' } = useParams();
  const record = useDispatchRecord(id);
  return (
    <>
      <Title order={1}>{record.data ? `Edit ${record.data.number}` : 'Edit dispatch'}</Title>
      {record.isPending && (
        <Text c="dimmed" role="status">
          Loading the dispatch…
        </Text>
      )}
      {record.isError &&
        (isNotFound(record.error) ? (
          <Paper withBorder p="lg">
            <Text>This dispatch does not exist.</Text>
          </Paper>
        ) : (
          <QueryError error={record.error} what="The dispatch" onRetry={() => record.refetch()} />
        ))}
      {record.data &&
        (record.data.status === 'draft' ? (
          <DispatchRecordForm record={record.data} />
        ) : (
          <Text>
            {record.data.number} is {record.data.status}; a posted dispatch is voided and recorded again, not
            edited.
          </Text>
        ))}
    </>
  );
}
