import { Anchor, Button, DataList, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatKg, tripCancelSchema } from '@plastrace/shared';
import { IconArrowLeft } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { isNotFound } from '../../components/common/apiErrors.ts';
import { ConfirmDialog } from '../../components/common/ConfirmDialog.tsx';
import { formatDateTime } from '../../components/common/format.ts';
import { ActionError, QueryError } from '../../components/common/QueryError.tsx';
import { ReasonDialog } from '../../components/common/ReasonDialog.tsx';
import { RequirePermission } from '../../components/common/RequirePermission.tsx';
import { useCan, useMe } from '../../components/common/useMe.ts';
import { useToast } from '../../components/toast/ToastProvider.tsx';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { type TripDetail, type TripMove, useMoveTrip, useTrip } from './api.ts';
import { CompleteDialog } from './CompleteDialog.tsx';
import { StopsList } from './StopsList.tsx';
import { formatDay, formatKm, TripStatusBadge } from './TripCard.tsx';
import { TripMap } from './TripMap.tsx';

/** /logistics/trips/:id: one trip — its stops in order, its route, and its moves. */
export function TripDetailPage() {
  return (
    <Stack maw={1000} gap="md">
      <Anchor component={Link} to="/logistics" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          Back to logistics
        </Group>
      </Anchor>
      <RequirePermission action="logistics.read" title="Trip">
        <Trip />
      </RequirePermission>
    </Stack>
  );
}

function Trip() {
  const { id = '' } = useParams();
  const trip = useTrip(id);
  usePageTitle(trip.data ? `Trip ${trip.data.number}` : 'Trip');
  return (
    <>
      {trip.isPending && (
        <Text c="dimmed" role="status">
          Loading the trip…
        </Text>
      )}
      {trip.isError &&
        (isNotFound(trip.error) ? (
          <Paper withBorder p="lg" radius="md">
            <Title order={1} fz="h3" mb="xs">
              Trip not found
            </Title>
            <Text size="sm">This trip does not exist, or it belongs to another organization.</Text>
          </Paper>
        ) : (
          <QueryError error={trip.error} what="The trip" onRetry={() => trip.refetch()} />
        ))}
      {trip.data && <TripView trip={trip.data} />}
    </>
  );
}

const DONE: Record<TripMove['kind'], string> = {
  start: 'is on the road',
  arrive: 'reached a stop',
  depart: 'left a stop',
  complete: 'is completed',
  cancel: 'is cancelled',
};

function TripView({ trip }: { trip: TripDetail }) {
  const { timeZone } = useMe();
  const mayWrite = useCan('logistics.write');
  const { showToast } = useToast();
  const move = useMoveTrip(trip);
  const [dialog, setDialog] = useState<'start' | 'complete' | 'cancel' | null>(null);
  const close = () => {
    move.reset();
    setDialog(null);
  };
  const send = (m: TripMove) =>
    move.mutate(m, {
      onSuccess: (t) => {
        setDialog(null);
        showToast({ message: `${t.number} ${DONE[m.kind]}.` });
      },
    });
  const open = trip.status === 'planned' || trip.status === 'in_transit';
  const stopMove =
    move.variables?.kind === 'arrive' || move.variables?.kind === 'depart' ? move.variables : null;

  return (
    <>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm">
          <Title order={1}>Trip {trip.number}</Title>
          <TripStatusBadge status={trip.status} />
        </Group>
        {mayWrite && open && (
          <Group gap="xs">
            <Button color="red" variant="outline" onClick={() => setDialog('cancel')}>
              Cancel trip
            </Button>
            {trip.status === 'planned' ? (
              <Button onClick={() => setDialog('start')}>Start</Button>
            ) : (
              <Button onClick={() => setDialog('complete')}>Complete</Button>
            )}
          </Group>
        )}
      </Group>
      {!dialog && <ActionError error={move.error} onClose={() => move.reset()} />}

      <Paper withBorder p="lg" radius="md">
        <DataList aria-label="Trip details" labelWidth="170px">
          <Item label="Vehicle">{`${trip.vehicle.code} · ${trip.vehicle.name} (carries ${formatKg(trip.vehicle.capacityKg)})`}</Item>
          <Item label="Driver">{trip.driver.name}</Item>
          <Item label="Planned for">{formatDay(trip.plannedOn)}</Item>
          {trip.startedAt && <Item label="Started">{formatDateTime(trip.startedAt, timeZone)}</Item>}
          {trip.completedAt && <Item label="Completed">{formatDateTime(trip.completedAt, timeZone)}</Item>}
          <Item label={trip.status === 'completed' ? 'Payload' : 'Load'}>{formatKg(trip.payloadKg)}</Item>
          <Item label="Distance">
            {trip.distanceKm
              ? formatKm(trip.distanceKm)
              : trip.gpsDistanceKm
                ? `${formatKm(trip.gpsDistanceKm)} by GPS so far`
                : '—'}
          </Item>
          {trip.status === 'completed' && (
            <Item label="Transport CO2e">
              {trip.co2eKg === null
                ? (trip.co2eSource ?? '—')
                : `${formatKg(trip.co2eKg)} at ${trip.co2eFactor} kg per tonne-km — ${trip.co2eSource ?? ''}`}
            </Item>
          )}
          {trip.notes && <Item label="Notes">{trip.notes}</Item>}
          {trip.cancelReason && <Item label="Cancelled because">{trip.cancelReason}</Item>}
        </DataList>
      </Paper>

      <StopsList
        stops={trip.stops}
        timeZone={timeZone}
        onMove={
          mayWrite && trip.status === 'in_transit'
            ? (kind, stop) => send({ kind, stopId: stop.id })
            : undefined
        }
        pending={move.isPending ? stopMove?.stopId : undefined}
      />
      <Stack gap="xs" component="section" aria-label="Route">
        <Title order={2} fz="h4">
          Route
        </Title>
        <Text size="sm" c="dimmed">
          {trip.points.length} GPS point{trip.points.length === 1 ? '' : 's'}{' '}
          {trip.trackSource === 'tracker' && trip.tracker
            ? `from the truck’s tracker ${trip.tracker.code}.`
            : 'recorded.'}
        </Text>
        <TripMap trip={trip} />
      </Stack>

      <ConfirmDialog
        opened={dialog === 'start'}
        title={`Start ${trip.number}?`}
        confirmLabel="Start trip"
        color="brand"
        loading={move.isPending}
        error={move.error}
        onClose={close}
        onConfirm={() => send({ kind: 'start' })}
      >
        The trip goes in transit now: its stops can then be reached and left, and its GPS track recorded.
      </ConfirmDialog>
      {dialog === 'complete' && (
        <CompleteDialog
          trip={trip}
          opened
          loading={move.isPending}
          error={move.error}
          onClose={close}
          onConfirm={(distanceKm) => send({ kind: 'complete', distanceKm })}
        />
      )}
      <ReasonDialog
        opened={dialog === 'cancel'}
        title={`Cancel ${trip.number}?`}
        confirmLabel="Cancel trip"
        schema={tripCancelSchema}
        loading={move.isPending}
        error={move.error}
        onClose={close}
        onConfirm={(reason) => send({ kind: 'cancel', reason })}
      >
        Its dispatches and deliveries become free to go on another trip.
      </ReasonDialog>
    </>
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
