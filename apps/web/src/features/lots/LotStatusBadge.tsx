import { Badge } from '@mantine/core';
import { lotStatusOf } from './format.ts';

export function LotStatusBadge({ status }: { status: string }) {
  const s = lotStatusOf(status);
  return (
    <Badge variant="light" color={s.color} tt="none">
      {s.label}
    </Badge>
  );
}
