import { Box, NavLink, Text } from '@mantine/core';
import { useId } from 'react';
import { Link, useMatch } from 'react-router';
import type { NavGroup, NavItem } from './navigation.ts';

interface SideNavProps {
  groups: NavGroup[];
  /** Called after a link is followed, so the mobile layout can close the drawer. */
  onNavigate?: () => void;
}

export function SideNav({ groups, onNavigate }: SideNavProps) {
  return (
    <>
      {groups
        .filter((group) => group.items.length > 0)
        .map((group) => (
          <SideNavGroup key={group.label} group={group} onNavigate={onNavigate} />
        ))}
    </>
  );
}

function SideNavGroup({ group, onNavigate }: { group: NavGroup; onNavigate: (() => void) | undefined }) {
  const headingId = useId();
  return (
    <Box mb="md">
      <Text id={headingId} component="h2" size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" mt={0} mb={4}>
        {group.label}
      </Text>
      <Box component="ul" aria-labelledby={headingId} p={0} m={0} style={{ listStyle: 'none' }}>
        {group.items.map((item) => (
          <li key={item.path}>
            <SideNavLink item={item} onNavigate={onNavigate} />
          </li>
        ))}
      </Box>
    </Box>
  );
}

function SideNavLink({ item, onNavigate }: { item: NavItem; onNavigate: (() => void) | undefined }) {
  // A section's sub-pages (e.g. /settings/profile) keep its item marked.
  const active = useMatch({ path: item.path, end: false }) !== null;
  const Icon = item.icon;
  return (
    <NavLink
      component={Link}
      to={item.path}
      label={item.label}
      leftSection={Icon ? <Icon size={18} stroke={1.6} aria-hidden /> : undefined}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
    />
  );
}
