import {
  Alert,
  Badge,
  Button,
  FileButton,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { MATCH_THRESHOLD, SPECTRUM_TECHNIQUES, type SpectrumTechnique } from '@plastrace/shared';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { ActionError } from '../../components/common/QueryError.tsx';
import { useCan } from '../../components/common/useMe.ts';
import { type Identification, useIdentification, useIdentify } from './api.ts';
import { ConfirmForm } from './ConfirmForm.tsx';
import { SpectrumChart } from './SpectrumChart.tsx';

const MAX_FILE_BYTES = 600_000;

/** Upload (pick or drop) or paste a spectrum, identify it, see the match and confirm it. */
export function IdentifyPanel() {
  const [csv, setCsv] = useState('');
  const [fileName, setFileName] = useState('');
  const [technique, setTechnique] = useState<SpectrumTechnique>('FTIR');
  const [fileError, setFileError] = useState('');
  const identify = useIdentify();
  const canRun = useCan('identification.run');
  // The stored identification, which a confirmation updates in the cache.
  const stored = useIdentification(identify.data?.identification.id ?? null);
  const shown = stored.data ?? identify.data?.identification;

  const readFile = async (file: File | null) => {
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      setFileError(`${file.name} is larger than 600 KB: send a two-column spectrum`);
      return;
    }
    setFileError('');
    setFileName(file.name);
    setCsv(await file.text());
  };

  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Two columns, wavenumber (cm⁻¹) and absorbance or intensity; a header line is optional; commas,
            semicolons (decimal commas too) or tabs. Drop a file on the box, choose one, or paste.
          </Text>
          <Textarea
            label="Spectrum (CSV)"
            rows={8}
            value={csv}
            onChange={(e) => {
              setCsv(e.currentTarget.value);
              setFileName('');
            }}
            onDragOver={(e) => e.preventDefault()}
            onDrop={(e) => {
              e.preventDefault();
              void readFile(e.dataTransfer.files[0] ?? null);
            }}
            placeholder={'wavenumber,absorbance\n600,0.0104\n602,0.0106\n…'}
            error={fileError || undefined}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
          <Group align="flex-end" wrap="wrap">
            <FileButton onChange={(f) => void readFile(f)} accept=".csv,.txt,text/csv,text/plain">
              {(props) => (
                <Button variant="default" leftSection={<IconUpload size={16} aria-hidden />} {...props}>
                  Choose a file
                </Button>
              )}
            </FileButton>
            <Select
              label="Technique"
              data={[...SPECTRUM_TECHNIQUES]}
              value={technique}
              onChange={(v) => setTechnique((v as SpectrumTechnique) ?? 'FTIR')}
              allowDeselect={false}
              w={140}
            />
            <Button
              disabled={!csv.trim() || !canRun}
              loading={identify.isPending}
              onClick={() => identify.mutate({ csv, technique, fileName })}
            >
              Identify
            </Button>
          </Group>
          {fileName && (
            <Text size="xs" c="dimmed">
              From {fileName}
            </Text>
          )}
          <ActionError error={identify.error} onClose={() => identify.reset()} />
        </Stack>
      </Paper>
      {shown && <Result identification={shown} canConfirm={canRun} />}
    </Stack>
  );
}

/** The best match (or unknown), the top 3, the chart, and confirming. */
export function Result({
  identification: i,
  canConfirm,
}: {
  identification: Identification;
  canConfirm: boolean;
}) {
  const best = i.bestPolymer;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Identification result">
      <Stack gap="sm">
        {best ? (
          <Group gap="sm">
            <Title order={2} fz="h3">
              {best}
            </Title>
            <Badge color="green" variant="light">
              r = {i.bestScore?.toFixed(2)}
            </Badge>
            {i.family && i.family !== best && <Text size="sm">Family: {i.family}</Text>}
          </Group>
        ) : (
          <Alert color="yellow" title={`Unknown — no reference matched ≥ ${MATCH_THRESHOLD.toFixed(2)}`}>
            The library has no match for this spectrum. Its nearest references are listed below; a person can
            still confirm the material.
          </Alert>
        )}
        {i.family === 'PE (polyethylene)' && (
          <Text size="xs" c="dimmed">
            HDPE, LDPE and PE cannot be told apart by this method; the sub-type is only the closest reference.
          </Text>
        )}
        <Table aria-label="Top candidates" withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Polymer</Table.Th>
              <Table.Th>Score (r)</Table.Th>
              <Table.Th>Reference</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {i.candidates.map((c) => (
              <Table.Tr key={c.polymer}>
                <Table.Td>{c.polymer}</Table.Td>
                <Table.Td>{c.score.toFixed(3)}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-all' }}>{c.reference}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <SpectrumChart
          chart={i.chart}
          label={`Processed spectrum against ${i.chart.referenceName ?? 'no reference'}`}
        />
        {i.confirmation ? (
          <Text size="sm" role="status">
            Confirmed as {i.confirmation.material.name} by {i.confirmation.confirmedBy.name}
            {i.confirmation.lot ? ` on lot ${i.confirmation.lot.code}` : ''}
            {i.confirmation.reclassifiedInto
              ? `, reclassified into ${i.confirmation.reclassifiedInto.code}`
              : ''}
            {i.confirmation.receiveLine
              ? ` on ${i.confirmation.receiveLine.recordNumber} line ${i.confirmation.receiveLine.lineNo}`
              : ''}
            {i.confirmation.value?.valuePhp ? ` — value ₱${i.confirmation.value.valuePhp}` : ''}.
          </Text>
        ) : (
          canConfirm && <ConfirmForm identification={i} />
        )}
      </Stack>
    </Paper>
  );
}
