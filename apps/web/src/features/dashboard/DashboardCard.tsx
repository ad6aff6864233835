import { Anchor, Card, Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * A section of the dashboard: a card named by its heading (a landmark for screen readers), with an
 * optional link beside the heading; `wide` spans the whole grid.
 */
export function DashboardCard({
  id,
  title,
  link,
  wide,
  children,
}: {
  id: string;
  title: string;
  link?: { to: string; label: string } | undefined;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby={id}
      style={wide ? { gridColumn: '1 / -1' } : undefined}
    >
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Title order={2} fz="h4" id={id}>
          {title}
        </Title>
        {link && (
          <Anchor component={Link} to={link.to} size="sm">
            {link.label}
          </Anchor>
        )}
      </Group>
      {children}
    </Card>
  );
}
