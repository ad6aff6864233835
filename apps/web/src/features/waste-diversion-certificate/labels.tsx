import { Badge } from '@mantine/core';
import type { CertificateStatus } from '@plastrace/shared';

/** '2026-11-01 to 2026-11-30'. */
export const periodText = (c: { periodFrom: string; periodTo: string }) => `${c.periodFrom} to ${c.periodTo}`;

/** Issued or revoked, in words as well as colour. */
export function CertificateStatusBadge({ status }: { status: CertificateStatus }) {
  return (
    <Badge variant="light" color={status === 'revoked' ? 'red' : 'green'} tt="none">
      {status === 'revoked' ? 'Revoked' : 'Issued'}
    </Badge>
  );
}
