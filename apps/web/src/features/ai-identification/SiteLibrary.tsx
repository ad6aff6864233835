import {
  Button,
  FileButton,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { SPECTRUM_POLYMERS, SPECTRUM_TECHNIQUES, type SpectrumTechnique } from '@plastrace/shared';
import { useState } from 'react';
import { EmptyState } from '../../components/common/EmptyState.tsx';
import { ActionError, QueryStatus } from '../../components/common/QueryError.tsx';
import { useCan } from '../../components/common/useMe.ts';
import { useAccuracy, useAddReference, useArchiveReference, useReferences } from './api.ts';

const pct = (x: number | null) => (x === null ? '—' : `${Math.round(x * 100)} %`);

function AddReference() {
  const [polymer, setPolymer] = useState<string>('PET');
  const [name, setName] = useState('');
  const [technique, setTechnique] = useState<SpectrumTechnique>('NIR');
  const [csv, setCsv] = useState('');
  const [notes, setNotes] = useState('');
  const add = useAddReference();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Add a reference spectrum">
      <Stack gap="sm">
        <Title order={3} fz="h5">
          Add a reference spectrum
        </Title>
        <Text size="sm" c="dimmed">
          Scan an item of known resin code with your instrument and label it.
        </Text>
        <Group grow wrap="wrap" align="flex-start">
          <Select
            label="Polymer"
            data={[...SPECTRUM_POLYMERS]}
            value={polymer}
            onChange={(v) => setPolymer(v ?? 'PET')}
            allowDeselect={false}
          />
          <Select
            label="Technique"
            data={[...SPECTRUM_TECHNIQUES]}
            value={technique}
            onChange={(v) => setTechnique((v as SpectrumTechnique) ?? 'NIR')}
            allowDeselect={false}
          />
          <TextInput
            label="Name"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            placeholder="PET bottle, clear, line 2"
          />
        </Group>
        <Textarea
          label="Spectrum (CSV)"
          rows={5}
          value={csv}
          onChange={(e) => setCsv(e.currentTarget.value)}
        />
        <TextInput label="Notes" value={notes} onChange={(e) => setNotes(e.currentTarget.value)} />
        <ActionError error={add.error} onClose={() => add.reset()} />
        <Group>
          <FileButton accept=".csv,.txt,text/csv,text/plain" onChange={(f) => void f?.text().then(setCsv)}>
            {(props) => (
              <Button variant="default" {...props}>
                Choose a file
              </Button>
            )}
          </FileButton>
          <Button
            disabled={!name.trim() || !csv.trim()}
            loading={add.isPending}
            onClick={() =>
              add.mutate(
                { polymer, name, technique, csv, notes },
                {
                  onSuccess: () => {
                    setName('');
                    setCsv('');
                    setNotes('');
                  },
                },
              )
            }
          >
            Add to library
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function AccuracyTable({ technique }: { technique: SpectrumTechnique }) {
  const accuracy = useAccuracy(technique);
  if (!accuracy.data) return <QueryStatus query={accuracy} what="The accuracy" loading="Measuring…" />;
  const a = accuracy.data;
  return (
    <Stack gap={4}>
      <Text size="sm">
        {technique}:{' '}
        {a.overall
          ? `${pct(a.overall.accuracy)} top-1 (${a.overall.correct} of ${a.overall.tested})`
          : 'needs two spectra of a polymer'}
      </Text>
      <Table aria-label={`Accuracy per polymer, ${technique}`} withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Polymer</Table.Th>
            <Table.Th>Spectra</Table.Th>
            <Table.Th>Leave-one-out top-1</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {a.polymers.map((p) => (
            <Table.Tr key={p.polymer}>
              <Table.Td>{p.polymer}</Table.Td>
              <Table.Td>{p.spectra}</Table.Td>
              <Table.Td>
                {p.accuracy === null
                  ? 'Add a second spectrum'
                  : `${pct(p.accuracy)} (${p.correct}/${p.tested})`}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** The organization's own references, how well they identify each other, and (for managers) adding more. */
export function SiteLibrary() {
  const refs = useReferences();
  const canEdit = useCan('identification.library');
  const archive = useArchiveReference();
  const items = refs.data?.items ?? [];
  const techniques = SPECTRUM_TECHNIQUES.filter((t) => items.some((r) => r.technique === t));
  return (
    <Stack gap="md">
      {canEdit && <AddReference />}
      {!refs.data ? (
        <QueryStatus query={refs} what="The site library" loading="Loading the site library…" />
      ) : items.length === 0 ? (
        <EmptyState title="Your site library is empty">
          Identification uses the shipped FTIR library. Add spectra from your own scanners (NIR, Raman or
          FTIR) to match against them too.
        </EmptyState>
      ) : (
        <>
          {techniques.map((t) => (
            <AccuracyTable key={t} technique={t} />
          ))}
          <ActionError error={archive.error} onClose={() => archive.reset()} />
          <Table aria-label="Site reference spectra" withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Polymer</Table.Th>
                <Table.Th>Technique</Table.Th>
                <Table.Th>Range (cm⁻¹)</Table.Th>
                {canEdit && <Table.Th />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{r.name}</Table.Td>
                  <Table.Td>{r.polymer}</Table.Td>
                  <Table.Td>{r.technique}</Table.Td>
                  <Table.Td>
                    {r.rangeCm1[0]}–{r.rangeCm1[1]}
                  </Table.Td>
                  {canEdit && (
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        aria-label={`Archive ${r.name}`}
                        onClick={() => archive.mutate(r.id)}
                      >
                        Archive
                      </Button>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
    </Stack>
  );
}
