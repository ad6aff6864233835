import { Button, FileButton, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { LOGO_MAX_BYTES, LOGO_MAX_SIDE } from '@plastrace/shared';
import { IconUpload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../../components/common/ConfirmDialog.tsx';
import { ActionError, QueryError } from '../../components/common/QueryError.tsx';
import { useLogo, useRemoveLogo, useUploadLogo } from './logo.ts';

const TYPES = ['image/png', 'image/jpeg'];
const MB = LOGO_MAX_BYTES / (1024 * 1024);

/** A Blob shown as an image: its object URL lives as long as the Blob is shown. */
function useObjectUrl(blob: Blob | null | undefined) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return setUrl(null);
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return url;
}

/** Settings › Organization: the logo printed on certificates; administrators upload and remove it. */
export function LogoCard({ mayManage }: { mayManage: boolean }) {
  const logo = useLogo();
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const src = useObjectUrl(logo.data);
  const [refused, setRefused] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const pick = (file: File | null) => {
    setRefused(null);
    upload.reset();
    if (!file) return;
    // What the server would refuse is turned away at once, not after the upload.
    if (!TYPES.includes(file.type)) return setRefused(`“${file.name}” is not a PNG or JPEG image.`);
    if (file.size > LOGO_MAX_BYTES) return setRefused(`“${file.name}” is larger than ${MB} MB.`);
    upload.mutate(file);
  };

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="logo-heading">
      <Title order={2} fz="h4" id="logo-heading" mb="xs">
        Logo (printed on certificates)
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        A PNG or JPEG of at most {MB} MB, shown at the top of waste diversion certificates; larger images are
        scaled down to {LOGO_MAX_SIDE} pixels on their longest side.
      </Text>
      <Stack gap="sm">
        {logo.isPending && (
          <Text size="sm" c="dimmed" role="status">
            Loading the logo…
          </Text>
        )}
        {logo.isError && (
          <QueryError
            error={logo.error}
            what="The logo"
            onRetry={() => logo.refetch()}
            retrying={logo.isFetching}
          />
        )}
        {logo.isSuccess &&
          (src ? (
            <Image src={src} alt="The organization’s logo" maw={240} mah={120} fit="contain" w="auto" />
          ) : (
            <Text size="sm">No logo yet: certificates print the organization’s name only.</Text>
          ))}
        {refused && (
          <Text size="sm" c="red.8" role="alert">
            {refused}
          </Text>
        )}
        <ActionError error={upload.error} onClose={() => upload.reset()} />
        {mayManage && (
          <Group gap="xs">
            <FileButton onChange={pick} accept={TYPES.join(',')}>
              {(props) => (
                <Button
                  {...props}
                  variant="default"
                  leftSection={<IconUpload size={16} aria-hidden />}
                  loading={upload.isPending}
                >
                  {src ? 'Replace logo' : 'Upload logo'}
                </Button>
              )}
            </FileButton>
            {src && (
              <Button variant="subtle" color="red" onClick={() => setConfirming(true)}>
                Remove logo
              </Button>
            )}
          </Group>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title="Remove the logo?"
        confirmLabel="Remove logo"
        loading={remove.isPending}
        error={remove.error}
        onConfirm={() => remove.mutate(undefined, { onSuccess: () => setConfirming(false) })}
        onClose={() => {
          remove.reset();
          setConfirming(false);
        }}
      >
        Certificates printed from now on show the organization’s name without a logo. Certificates already
        printed keep theirs.
      </ConfirmDialog>
    </Paper>
  );
}
