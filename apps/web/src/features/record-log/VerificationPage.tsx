import {
  Box,
  Button,
  Checkbox,
  FileButton,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { logRecordParamsSchema } from '@plastrace/shared';
import { IconFileUpload, IconQrcode, IconShieldCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type DragEvent, lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { PageHeader } from '../../components/common/PageHeader.tsx';
import { useSchemaForm } from '../../components/common/schemaForm.ts';
import { useMe } from '../../components/common/useMe.ts';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { recordLogKey } from './api.ts';
import { fromVerifyLink } from './facts.ts';
import { RecordById } from './RecordById.tsx';
import { RecordLogPanel, WithLogKey } from './RecordLogPanel.tsx';
import { checkKey, readBundleFile } from './verification.ts';

const ScanDialog = lazy(async () => ({
  default: (await import('../../components/lots/ScanDialog.tsx')).ScanDialog,
}));

/** BarcodeDetector reads QR codes from the camera in Chromium-based browsers (phones and tablets). */
const canScan = () => typeof window !== 'undefined' && 'BarcodeDetector' in window;

/** A record id typed, or a /verify/{id} link pasted: the id, checked as the log's route checks it. */
export const recordIdFormSchema = z.object({
  id: z.string().transform(fromVerifyLink).pipe(logRecordParamsSchema.shape.id),
});

/** A bundle file read in the page: it never leaves the browser. */
interface BundleFile {
  name: string;
  bundle: unknown;
}

/**
 * /blockchain-verification and /verification-page: verify a record by its id, by its label's QR code, or
 * from a proof bundle file, in the browser, against the log's key from the server or one pasted here.
 * Public like /verify: checking a record needs no account. A signed-in member's verifications are
 * reported to the activity log.
 */
export function VerificationPage() {
  usePageTitle('Verify a record');
  const { timeZone } = useMe();
  const [params, setParams] = useSearchParams();
  const id = recordIdFormSchema.safeParse({ id: params.get('id') ?? '' }).data?.id ?? '';
  const [file, setFile] = useState<BundleFile | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [scanning, setScanning] = useState(false);
  const [otherKey, setOtherKey] = useState<{ on: boolean; text: string }>({ on: false, text: '' });
  const form = useSchemaForm(recordIdFormSchema, { id: params.get('id') ?? '' });

  const pasted = otherKey.on ? otherKey.text.trim() : '';
  const keyCheck = useQuery({
    enabled: pasted !== '',
    queryKey: [...recordLogKey, 'key-check', pasted],
    queryFn: () => checkKey(pasted),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const keyProblem = pasted && keyCheck.data ? keyCheck.data : null;
  const keyReady = !otherKey.on || (pasted !== '' && keyCheck.data === null);

  const showId = useCallback(
    (next: string) => {
      setFile(null);
      setFileProblem(null);
      setParams({ id: next }, { replace: true, preventScrollReset: true });
    },
    [setParams],
  );
  // The scanner restarts the camera when its callback changes; the form's setter changes on every
  // render (its resolver does), so it is read through a ref.
  const setField = useRef(form.setFieldValue);
  setField.current = form.setFieldValue;
  const onScanned = useCallback(
    (lotId: string) => {
      setScanning(false);
      setField.current('id', lotId);
      showId(lotId);
    },
    [showId],
  );

  const readFile = async (chosen: File | null | undefined) => {
    if (!chosen) return;
    setFileProblem(null);
    let bundle: unknown;
    try {
      bundle = await readBundleFile(new Uint8Array(await chosen.arrayBuffer()));
    } catch (error) {
      setFile(null);
      setFileProblem(`${chosen.name} is not a proof bundle: ${(error as Error).message}.`);
      return;
    }
    setParams({}, { replace: true, preventScrollReset: true });
    setFile({ name: chosen.name, bundle });
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    void readFile(event.dataTransfer.files[0]);
  };

  return (
    <Stack gap="md" maw={960}>
      <PageHeader
        title="Verify a record"
        description="Check that a delivery, a production run, a dispatch or a lot is in PlasTrace's record log exactly as it was posted: by its id, by its label's QR code, or from a proof bundle file. The proof is checked here in your browser."
      />

      <Paper withBorder p="md" radius="md">
        <Title order={2} fz="h4" mb={4}>
          By record id
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          The id of a receive, production or dispatch record or of a lot, or the link its QR code holds.
        </Text>
        <form onSubmit={form.onSubmit((values) => showId(recordIdFormSchema.parse(values).id))} noValidate>
          <Group align="flex-start" gap="xs">
            <TextInput
              style={{ flex: 1, minWidth: 240 }}
              label="Record id"
              placeholder="0190a6d2-6e35-7b9c-8f42-3c1d2e4f5a6b"
              {...form.getInputProps('id')}
            />
            <Group gap="xs" mt={25}>
              <Button type="submit" leftSection={<IconShieldCheck size={16} aria-hidden />}>
                Verify
              </Button>
              {canScan() && (
                <Button
                  variant="default"
                  leftSection={<IconQrcode size={16} aria-hidden />}
                  onClick={() => setScanning(true)}
                >
                  Scan a QR code
                </Button>
              )}
            </Group>
          </Group>
        </form>
        {scanning && (
          <Suspense fallback={<Text size="sm">Opening the camera…</Text>}>
            <ScanDialog onClose={() => setScanning(false)} onLot={onScanned} />
          </Suspense>
        )}
      </Paper>

      <Paper withBorder p="md" radius="md">
        <Title order={2} fz="h4" mb="sm">
          From a proof bundle file
        </Title>
        <Box
          onDragOver={(e) => e.preventDefault()}
          onDrop={onDrop}
          data-testid="bundle-drop-zone"
          p="lg"
          style={{
            border: '2px dashed var(--mantine-color-gray-4)',
            borderRadius: 'var(--mantine-radius-md)',
            textAlign: 'center',
          }}
        >
          <Stack gap="xs" align="center">
            <IconFileUpload size={28} aria-hidden />
            <Text size="sm">
              Drop a proof bundle (plastrace-….json or .ptlb) here, or choose it. It is checked in your
              browser and is not sent anywhere.
            </Text>
            <FileButton
              onChange={(chosen) => void readFile(chosen)}
              accept="application/json,.json,application/vnd.plastrace.log-bundle,.ptlb"
              inputProps={{ 'aria-label': 'Proof bundle file' }}
            >
              {(props) => (
                <Button variant="default" {...props}>
                  Choose a file
                </Button>
              )}
            </FileButton>
          </Stack>
        </Box>
        {fileProblem && (
          <Text size="sm" c="red" mt="xs" role="alert">
            {fileProblem}
          </Text>
        )}
      </Paper>

      <Stack gap="xs">
        <Checkbox
          label="Use another key"
          description="Verify against a log key you got elsewhere instead of the one this server publishes"
          checked={otherKey.on}
          onChange={(e) => setOtherKey({ ...otherKey, on: e.currentTarget.checked })}
        />
        {otherKey.on && (
          <TextInput
            label="Log key"
            placeholder="log.example/records+1a2b3c4d+AX…"
            value={otherKey.text}
            onChange={(e) => setOtherKey({ ...otherKey, text: e.currentTarget.value })}
            error={keyProblem}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
        )}
      </Stack>

      {(file || id) && (
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="verification-result">
          <Title order={2} fz="h4" mb="sm" id="verification-result">
            {file ? `Proof bundle ${file.name}` : `Record ${id}`}
          </Title>
          {!keyReady ? (
            <Text size="sm" c="dimmed">
              Enter the log key to verify against, or untick "Use another key".
            </Text>
          ) : file ? (
            <FileResult file={file} pastedKey={pasted} timeZone={timeZone} />
          ) : (
            <RecordById id={id} timeZone={timeZone} pastedKey={pasted || undefined} />
          )}
          <Text size="xs" c="dimmed" mt="md">
            Times are in {timeZone}.
          </Text>
        </Paper>
      )}
    </Stack>
  );
}

/** A bundle file verified against the pasted key, or the log's key from the server. */
function FileResult({
  file,
  pastedKey,
  timeZone,
}: {
  file: BundleFile;
  pastedKey: string;
  timeZone: string;
}) {
  return (
    <WithLogKey pastedKey={pastedKey}>
      {(key) => <RecordLogPanel bundle={file.bundle} logKey={key} timeZone={timeZone} method="file" />}
    </WithLogKey>
  );
}
