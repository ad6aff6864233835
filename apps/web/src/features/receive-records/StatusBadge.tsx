import { Badge } from '@mantine/core';
import type { RecordStatus } from './api.ts';
import { RECORD_STATUS_COLOR, recordStatusLabel } from './format.ts';

export function RecordStatusBadge({ status }: { status: RecordStatus }) {
  return (
    <Badge variant="light" color={RECORD_STATUS_COLOR[status]} tt="none">
      {recordStatusLabel(status)}
    </Badge>
  );
}
