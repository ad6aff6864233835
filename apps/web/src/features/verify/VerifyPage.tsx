import { Alert, Anchor, Badge, Container, DataList, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatKg } from '@plastrace/shared';
import { IconCircleCheck, IconSearchOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { isNotFound } from '../../components/common/apiErrors.ts';
import { formatDate, formatDateTime } from '../../components/common/format.ts';
import { QueryError } from '../../components/common/QueryError.tsx';
import { useMe } from '../../components/common/useMe.ts';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { lotStatusOf } from '../lots/format.ts';
import { useRecordBundle } from '../record-log/api.ts';
import { typeWords } from '../record-log/facts.ts';
import { RecordById } from '../record-log/RecordById.tsx';
import { usePublicDispatch, usePublicLot } from './api.ts';
import { DispatchFacts } from './DispatchFacts.tsx';

/**
 * /verify/:recordId, public: what the QR code of a lot label or a delivery receipt points to, and the
 * record's place in the record log, verified in the browser (a receive record is known only there).
 */
export function VerifyPage() {
  const { recordId = '' } = useParams();
  const lot = usePublicLot(recordId);
  const dispatch = usePublicDispatch(recordId, isNotFound(lot.error));
  // The same query as the record log section's: asked once, it tells whether the log knows the id.
  const logged = useRecordBundle(recordId);
  const neither = isNotFound(lot.error) && isNotFound(dispatch.error);
  const missing = neither && isNotFound(logged.error);
  const what = dispatch.data
    ? 'delivery receipt'
    : neither && logged.data
      ? typeWords(logged.data.entry.type)
      : 'lot';
  const me = useMe();
  const timeZone = lot.data?.organization.timeZone ?? dispatch.data?.organization.timeZone ?? me.timeZone;
  usePageTitle(`Verify a PlasTrace ${what}`);

  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1}>Verify a PlasTrace {what}</Title>
        {(lot.isPending || dispatch.isFetching) && (
          <Text c="dimmed" role="status">
            Looking up the lot…
          </Text>
        )}
        {missing && (
          <Alert color="yellow" icon={<IconSearchOff aria-hidden />} title="No such record" role="alert">
            No PlasTrace lot or delivery receipt has this id. Check that the whole code or link was copied.
          </Alert>
        )}
        {dispatch.data && <DispatchFacts dispatch={dispatch.data} />}
        {dispatch.isError && !isNotFound(dispatch.error) && (
          <QueryError
            error={dispatch.error}
            what="The delivery receipt"
            onRetry={() => dispatch.refetch()}
            retrying={dispatch.isFetching}
          />
        )}
        {lot.isError && !isNotFound(lot.error) && (
          <QueryError
            error={lot.error}
            what="The lot"
            onRetry={() => lot.refetch()}
            retrying={lot.isFetching}
          />
        )}
        {lot.data && (
          <Paper withBorder p="lg" radius="md">
            <Text size="sm" c="dimmed" mb={4}>
              Held by
            </Text>
            <Title order={2} fz="h3" mb="sm">
              {lot.data.organization.name}
            </Title>
            <Group gap="xs" mb="md">
              <IconCircleCheck color="var(--mantine-color-green-7)" aria-hidden />
              <Text fw={600}>This lot is recorded in PlasTrace.</Text>
            </Group>
            <DataList aria-label="Lot facts" labelWidth="150px">
              <Item label="Lot code">
                <Text ff="monospace">{lot.data.code}</Text>
              </Item>
              <Item label="Material">{`${lot.data.material} (${lot.data.polymer}, ${lot.data.form})`}</Item>
              <Item label="Quantity">{formatKg(lot.data.qtyKg)}</Item>
              <Item label="Status">
                <Badge variant="light" color={lotStatusOf(lot.data.status).color} tt="none">
                  {lotStatusOf(lot.data.status).label}
                </Badge>
              </Item>
              <Item label="Facility city">{lot.data.facilityCity}</Item>
              <Item label="Received on">
                {formatDate(lot.data.receivedOn, lot.data.organization.timeZone)}
              </Item>
              <Item label="Recorded">
                {formatDateTime(lot.data.createdAt, lot.data.organization.timeZone)}
              </Item>
            </DataList>
            <Text size="xs" c="dimmed" mt="md">
              Only public facts are shown: no prices, suppliers or people. Times are in{' '}
              {lot.data.organization.timeZone}.
            </Text>
          </Paper>
        )}
        {!missing && (
          <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="record-log-heading">
            <Title order={2} fz="h3" mb="xs" id="record-log-heading">
              Record log
            </Title>
            <Text size="sm" c="dimmed" mb="md">
              PlasTrace adds every posted record to an append-only log whose checkpoints it signs. This page
              checks, here in your browser, that the record is in that log as shown.
            </Text>
            <RecordById id={recordId} timeZone={timeZone} />
          </Paper>
        )}
        <Anchor component={Link} to="/" size="sm">
          About PlasTrace, the platform that keeps this record
        </Anchor>
      </Stack>
    </Container>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}
