import { Anchor, Stack, Table, Text, Title } from '@mantine/core';
import { DIVERSION_FATE_LABELS, formatKg } from '@plastrace/shared';
import { Link } from 'react-router';
import { CardList, usePhone } from '../../components/common/CardList.tsx';
import { formatDate } from '../../components/common/format.ts';
import { useMe } from '../../components/common/useMe.ts';
import { humanize } from '../catalog/formModel.ts';
import type { Evidence } from './api.ts';

const RECOVERY_PATH = {
  production_record: '/production-records',
  dispatch_record: '/dispatch-records',
} as const;

/**
 * What the certificate stands on: each received lot's kilograms, the delivery and weighbridge ticket it
 * came in with, the run or dispatch that recovered it and to what fate, with the delivery's log proof.
 */
export function EvidenceTable({ evidence }: { evidence: Evidence[] }) {
  const { timeZone } = useMe();
  const phone = usePhone();
  const recovery = (e: Evidence) => (
    <Anchor component={Link} to={`${RECOVERY_PATH[e.recovery.kind]}/${e.recovery.id}`} size="sm">
      {e.recovery.number}
    </Anchor>
  );
  const delivery = (e: Evidence) => (
    <Anchor component={Link} to={`/receive-records/${e.delivery.id}`} size="sm">
      {e.delivery.number}
    </Anchor>
  );
  const proof = (e: Evidence) => (
    <Anchor component={Link} to={e.proofUrl} size="sm" aria-label={`Log proof of ${e.delivery.number}`}>
      Proof
    </Anchor>
  );
  return (
    <Stack gap="xs" component="section" aria-labelledby="certificate-evidence-heading">
      <Title order={2} fz="h4" id="certificate-evidence-heading">
        Evidence: the verified recovery it claims
      </Title>
      {evidence.length === 0 ? (
        <Text size="sm" c="dimmed">
          No claims are recorded for this certificate.
        </Text>
      ) : phone ? (
        <CardList label="Evidence" items={evidence} keyOf={(e) => `${e.lot.id}/${e.recovery.id}/${e.fate}`}>
          {(e) => (
            <>
              <Text fw={700} ff="monospace">
                {e.lot.code} · {formatKg(e.kg)}
              </Text>
              <Text size="sm">
                {e.material.name} · {DIVERSION_FATE_LABELS[e.fate]}
              </Text>
              <Text size="sm">
                Delivery {delivery(e)} · recovered by {recovery(e)} on {e.recovery.recoveredOn} · {proof(e)}
              </Text>
            </>
          )}
        </CardList>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table striped verticalSpacing="xs" aria-label="Evidence">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Lot</Table.Th>
                <Table.Th>Delivery</Table.Th>
                <Table.Th>Weighbridge ticket</Table.Th>
                <Table.Th>Recovered by</Table.Th>
                <Table.Th>Fate</Table.Th>
                <Table.Th ta="right">Kg</Table.Th>
                <Table.Th>Record log</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {evidence.map((e) => (
                <Table.Tr key={`${e.lot.id}/${e.recovery.id}/${e.fate}`}>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {e.lot.code}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {e.material.name} · {e.facility.code}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {delivery(e)}
                    <Text size="xs" c="dimmed">
                      {formatDate(e.delivery.receivedAt, timeZone)} · {humanize(e.delivery.supplierType)}
                    </Text>
                  </Table.Td>
                  <Table.Td>{e.delivery.weighbridgeTicket ?? '—'}</Table.Td>
                  <Table.Td>
                    {recovery(e)}
                    <Text size="xs" c="dimmed">
                      {e.recovery.recoveredOn}
                    </Text>
                  </Table.Td>
                  <Table.Td>{DIVERSION_FATE_LABELS[e.fate]}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatKg(e.kg)}
                  </Table.Td>
                  <Table.Td>{proof(e)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
