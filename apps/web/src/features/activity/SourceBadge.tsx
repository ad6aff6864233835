import { Badge } from '@mantine/core';
import type { ActivityEntry } from './api.ts';
import { SOURCE_LABEL } from './format.ts';

/** "Recorded by the server" or "Reported by the app": who wrote an activity entry. */
export function SourceBadge({ source }: { source: ActivityEntry['source'] }) {
  return (
    <Badge size="sm" variant="outline" color={source === 'server' ? 'teal' : 'blue'} tt="none">
      {SOURCE_LABEL[source]}
    </Badge>
  );
}
