import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { ORDER_STATUS_LABELS } from '@plastrace/shared';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { isNotFound } from '../../components/common/apiErrors.ts';
import { QueryError } from '../../components/common/QueryError.tsx';
import { RequirePermission } from '../../components/common/RequirePermission.tsx';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { useOrder } from './api.ts';
import { OrderRecordForm } from './OrderRecordForm.tsx';

const backLink = (
  <Anchor component={Link} to="/order-records" size="sm">
    <Group gap={4} component="span">
      <IconArrowLeft size={16} aria-hidden />
      Back to order records
    </Group>
  </Anchor>
);

/** /order-records/new */
export function NewOrderRecordPage() {
  usePageTitle('New order');
  return (
    <Stack maw={1080} gap="md">
      {backLink}
      <RequirePermission action="orders.write" title="New order">
        <Title order={1}>New order</Title>
        <OrderRecordForm />
      </RequirePermission>
    </Stack>
  );
}

/** /order-records/:id/edit: only a draft changes. */
export function EditOrderRecordPage() {
  usePageTitle('Edit order');
  return (
    <Stack maw={1080} gap="md">
      {backLink}
      <RequirePermission action="orders.write" title="Edit order">
        <EditOrder />
      </RequirePermission>
    </Stack>
  );
}

function EditOrder() {
  const { id = '' } = useParams();
  const order = useOrder(id);
  return (
    <>
      <Title order={1}>{order.data ? `Edit ${order.data.number}` : 'Edit order'}</Title>
      {order.isPending && (
        <Text c="dimmed" role="status">
          Loading the order…
        </Text>
      )}
      {order.isError &&
        (isNotFound(order.error) ? (
          <Paper withBorder p="lg">
            <Text>This order does not exist.</Text>
          </Paper>
        ) : (
          <QueryError error={order.error} what="The order" onRetry={() => order.refetch()} />
        ))}
      {order.data &&
        (order.data.status === 'draft' ? (
          <OrderRecordForm order={order.data} />
        ) : (
          <Text>
            {order.data.number} is {ORDER_STATUS_LABELS[order.data.status].toLowerCase()}: only a draft is
            edited. A confirmed order is cancelled or closed instead.
          </Text>
        ))}
    </>
  );
}
