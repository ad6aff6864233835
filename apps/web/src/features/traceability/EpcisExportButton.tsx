import { Button, Group, Text } from '@mantine/core';
import type { EpcisValidation, TraceDirection } from '@plastrace/shared';
import { useState } from 'react';
import { saveBlob } from '../../api/download.ts';
import { fetchLineageEpcis, validateEpcis } from './epcisApi.ts';

type State =
  | { at: 'idle' }
  | { at: 'working' }
  | { at: 'done'; check: EpcisValidation }
  | { at: 'failed'; message: string };

/**
 * Downloads the traced lot's lineage as a GS1 EPCIS 2.0 document (.jsonld) and says whether GS1's schema
 * accepts it, checked by the server with the schema partners' documents are checked with.
 */
export function EpcisExportButton({
  lotId,
  direction,
  name,
}: {
  lotId: string;
  direction: TraceDirection;
  name: string;
}) {
  const [state, setState] = useState<State>({ at: 'idle' });
  const run = async () => {
    setState({ at: 'working' });
    try {
      const document = await fetchLineageEpcis(lotId, direction);
      saveBlob(
        new Blob([JSON.stringify(document, null, 2)], { type: 'application/ld+json' }),
        `epcis-${name}.jsonld`,
      );
      setState({ at: 'done', check: await validateEpcis(document) });
    } catch (e) {
      setState({ at: 'failed', message: e instanceof Error ? e.message : 'The export failed' });
    }
  };
  return (
    <Group gap="xs" wrap="wrap" justify="flex-end">
      <Button variant="default" size="sm" onClick={run} loading={state.at === 'working'}>
        Export EPCIS
      </Button>
      <Text
        size="sm"
        role="status"
        c={state.at === 'failed' || (state.at === 'done' && !state.check.valid) ? 'red' : undefined}
      >
        {state.at === 'done' &&
          (state.check.valid
            ? `${state.check.events} ${state.check.events === 1 ? 'event' : 'events'}: valid against the GS1 EPCIS 2.0 schema`
            : `Not valid against the GS1 EPCIS 2.0 schema: ${state.check.errors[0]?.message ?? ''}`)}
        {state.at === 'failed' && state.message}
      </Text>
    </Group>
  );
}
