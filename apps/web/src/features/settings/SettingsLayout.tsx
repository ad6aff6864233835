import { Stack, Tabs, Title } from '@mantine/core';
import { Outlet, useLocation, useNavigate } from 'react-router';

const SECTIONS = [
  { path: '/settings/organization', label: 'Organization' },
  { path: '/settings/security', label: 'Security' },
];

/** /settings/*: the section tabs above the chosen section. */
export function SettingsLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const active = SECTIONS.find((s) => pathname.startsWith(s.path))?.path ?? null;

  return (
    <Stack gap="md" maw={860}>
      <Title order={1}>Settings</Title>
      {/* Tabs that change the URL: each section is its own page (linkable, back button works). */}
      <Tabs value={active} onChange={(path) => path && navigate(path)} aria-label="Settings sections">
        <Tabs.List>
          {SECTIONS.map((s) => (
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
