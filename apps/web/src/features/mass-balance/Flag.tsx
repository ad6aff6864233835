import { Badge } from '@mantine/core';

/** A flag in words, not colour alone. */
export function Flag({ children, color = 'red' }: { children: string; color?: string }) {
  return (
    <Badge component="span" color={color} variant="light" radius="sm">
      {children}
    </Badge>
  );
}
