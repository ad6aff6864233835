import { Alert, FileInput, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { EpcisCaptureResult, EpcisEventError } from '@plastrace/shared';
import { useState } from 'react';
import { ApiError } from '../../api/errors.ts';
import { captureEpcis } from './epcisApi.ts';

type State =
  | { at: 'idle' }
  | { at: 'working' }
  | { at: 'done'; result: EpcisCaptureResult }
  | { at: 'refused'; message: string; errors: EpcisEventError[] };

/** "#2 urn:uuid:…": the event's place in the file and its id (error details may arrive camelCased). */
const eventName = (e: EpcisEventError & { eventId?: string | null }) => {
  const id = e.event_id ?? e.eventId;
  return `#${e.index + 1}${id ? ` ${id}` : ''}`;
};

/** A partner's EPCIS 2.0 file: captured whole (each event once, linked to our lots) or refused whole. */
export function EpcisImport() {
  const [state, setState] = useState<State>({ at: 'idle' });
  const capture = async (file: File | null) => {
    if (!file) return;
    setState({ at: 'working' });
    let document: unknown;
    try {
      document = JSON.parse(await file.text());
    } catch {
      setState({ at: 'refused', message: `${file.name} is not a JSON or JSON-LD file`, errors: [] });
      return;
    }
    try {
      setState({ at: 'done', result: await captureEpcis(document) });
    } catch (e) {
      const details =
        e instanceof ApiError ? (e.details as { events?: EpcisEventError[] } | undefined) : undefined;
      setState({
        at: 'refused',
        message: e instanceof Error ? e.message : 'The capture failed',
        errors: details?.events ?? [],
      });
    }
  };
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="epcis-import">
      <Stack gap="sm">
        <Title order={2} fz="h3" id="epcis-import">
          Import partner EPCIS
        </Title>
        <Text size="sm" c="dimmed">
          A supplier’s or customer’s GS1 EPCIS 2.0 document (.jsonld or .json). Every event is checked against
          GS1’s schema first: one bad event refuses the whole file. Events already held are reported as
          duplicates; events naming your lots are linked to them.
        </Text>
        <FileInput
          label="EPCIS file"
          description="A .jsonld or .json file"
          accept=".jsonld,.json,application/ld+json,application/json"
          onChange={capture}
          disabled={state.at === 'working'}
          clearable
        />
        {state.at === 'working' && (
          <Text size="sm" role="status">
            Checking and capturing…
          </Text>
        )}
        {state.at === 'refused' && (
          <Alert color="red" role="alert" title="Nothing was captured">
            <Text size="sm">{state.message}</Text>
            {state.errors.length > 0 && (
              <Table mt="xs" aria-label="Errors by event">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Event</Table.Th>
                    <Table.Th>Field</Table.Th>
                    <Table.Th>Problem</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {state.errors.map((e) => (
                    <Table.Tr key={`${e.index}${e.path}${e.message}`}>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{eventName(e)}</Table.Td>
                      <Table.Td>{e.path}</Table.Td>
                      <Table.Td>{e.message}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Alert>
        )}
        {state.at === 'done' && (
          <>
            <Text size="sm" role="status">
              {`${state.result.captured} captured, ${state.result.duplicates} already held.`}
            </Text>
            <Table.ScrollContainer minWidth={480}>
              <Table aria-label="Captured events">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Event</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Your lots</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {state.result.events.map((e) => (
                    <Table.Tr key={e.index}>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{e.event_id}</Table.Td>
                      <Table.Td>{e.status === 'captured' ? 'Captured' : 'Duplicate'}</Table.Td>
                      <Table.Td>{e.lots.map((l) => l.code).join(', ') || '—'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
      </Stack>
    </Paper>
  );
}
