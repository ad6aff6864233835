import { Button, type ButtonProps } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';

/** The "Export CSV" button of a list (shown only to roles that may export). */
export function ExportCsvButton({ loading, onClick, ...props }: ButtonProps & { onClick: () => void }) {
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden />}
      loading={loading}
      onClick={onClick}
      {...props}
    >
      Export CSV
    </Button>
  );
}
