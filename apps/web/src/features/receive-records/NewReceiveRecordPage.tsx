import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { receiveRecordInputSchema } from '@plastrace/shared';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { isNotFound } from '../../components/common/apiErrors.ts';
import { QueryError } from '../../components/common/QueryError.tsx';
import { RequirePermission } from '../../components/common/RequirePermission.tsx';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { useReceiveRecord } from './api.ts';
import { ReceiveRecordForm } from './ReceiveRecordForm.tsx';

const backLink = (
  <Anchor component={Link} to="/receive-records" size="sm">
    <Group gap={4} component="span">
      <IconArrowLeft size={16} aria-hidden />
      Back to receive records
    </Group>
  </Anchor>
);

/** /receive-records/new, or ?order_id=… to receive against that purchase order. */
export function NewReceiveRecordPage() {
  usePageTitle('New delivery');
  const [params] = useSearchParams();
  // An address whose order is not an id names no order.
  const orderId = params.get('order_id') ?? '';
  const named = !!orderId && receiveRecordInputSchema.shape.order_id.safeParse(orderId).success;
  return (
    <Stack maw={960} gap="md">
      {backLink}
      <RequirePermission action="records.write" title="New delivery">
        <Title order={1}>New delivery</Title>
        <ReceiveRecordForm orderId={named ? orderId : undefined} />
      </RequirePermission>
    </Stack>
  );
}

/** /receive-records/:id/edit: only a draft can change, by the roles that record deliveries. */
export function EditReceiveRecordPage() {
  usePageTitle('Edit delivery');
  return (
    <Stack maw={960} gap="md">
      {backLink}
      <RequirePermission action="records.write" title="Edit delivery">
        <EditReceiveRecord />
      </RequirePermission>
    </Stack>
  );
}

function EditReceiveRecord() {
  const { id = '' } = useParams();
  const record = useReceiveRecord(id);
  return (
    <>
      <Title order={1}>{record.data ? `Edit ${record.data.number}` : 'Edit delivery'}</Title>
      {record.isPending && (
        <Text c="dimmed" role="status">
          Loading the record…
        </Text>
      )}
      {record.isError &&
        (isNotFound(record.error) ? (
          <Paper withBorder p="lg">
            <Text>This receive record does not exist.</Text>
          </Paper>
        ) : (
          <QueryError error={record.error} what="The record" onRetry={() => record.refetch()} />
        ))}
      {record.data &&
        (record.data.status === 'draft' ? (
          <ReceiveRecordForm record={record.data} />
        ) : (
          <Text>
            {record.data.number} is {record.data.status}; a posted record is voided and replaced, not edited.
          </Text>
        ))}
    </>
  );
}
