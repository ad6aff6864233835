import { Button, type ButtonProps } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';

/**
 * The "Export CSV" button of a list (shown only to roles that may export). `empty`: the list shows
 * nothing, so there is nothing to export; the button says so instead of downloading a header line.
 */
export function ExportCsvButton({
  loading,
  onClick,
  empty = false,
  ...props
}: ButtonProps & { onClick: () => void; empty?: boolean }) {
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden />}
      loading={loading}
      onClick={onClick}
      disabled={empty}
      title={empty ? 'Nothing to export: the list is empty' : undefined}
      {...props}
    >
      Export CSV
    </Button>
  );
}
