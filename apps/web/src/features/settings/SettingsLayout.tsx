import { Stack, Tabs, Title } from '@mantine/core';
import { type Action, can } from '@plastrace/shared';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useMe } from '../../components/common/useMe.ts';

const SECTIONS: { path: string; label: string; action: Action }[] = [
  { path: '/settings/organization', label: 'Organization', action: 'organization.read' },
  { path: '/settings/security', label: 'Security', action: 'account.self' },
];

/** /settings/*: the section tabs above the chosen section. */
export function SettingsLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { role } = useMe();
  const sections = SECTIONS.filter((s) => can(role, s.action));
  const active = sections.find((s) => pathname.startsWith(s.path))?.path ?? null;

  return (
    <Stack gap="md" maw={860}>
      <Title order={1}>Settings</Title>
      {/* Tabs that change the URL: each section is its own page (linkable, back button works). */}
      <Tabs value={active} onChange={(path) => path && navigate(path)} aria-label="Settings sections">
        <Tabs.List>
          {sections.map((s) => (
            <Tabs.Tab key={s.path} value={s.path}>
              {s.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Outlet />
    </Stack>
  );
}
