import { Anchor, AppShell, Burger, Group, useMantineTheme } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { type MouseEvent, type ReactNode, useEffect, useState } from 'react';
import { Link, Outlet } from 'react-router';
import { prepareDateFormats } from '../components/common/format.ts';
import { useMe } from '../components/common/useMe.ts';
import { StaleOrganizationDialog } from '../features/auth/StaleOrganizationDialog.tsx';
import classes from './AppLayout.module.css';
import { NotificationBell } from './NotificationBell.tsx';
import { navFor } from './navigation.ts';
import { OrganizationSwitcher } from './OrganizationSwitcher.tsx';
import { PRODUCT_NAME } from './pageTitle.ts';
import { SideNav } from './SideNav.tsx';
import { UserMenu } from './UserMenu.tsx';

const NAVBAR_ID = 'app-navbar';
const MAIN_ID = 'main-content';

/** The signed-in shell: header, sidebar and the page (the route's, or `children` where no route matched). */
export function AppLayout({ children }: { children?: ReactNode }) {
  const [navOpened, { toggle: toggleNav, close: closeNav }] = useDisclosure(false);
  // Only what the signed-in role may open; signed out (on /docs), only the public pages.
  const { role, timeZone } = useMe();
  const theme = useMantineTheme();
  useEffect(() => prepareDateFormats(timeZone), [timeZone]);
  // Read at once (no server rendering here), so the first render already knows the layout.
  const isDesktop = useMediaQuery(`(min-width: ${theme.breakpoints.sm})`, undefined, {
    getInitialValueInEffect: false,
  });
  // The collapsed mobile drawer is only moved off-screen; inert keeps its links out of the tab order.
  const navHidden = !isDesktop && !navOpened;
  // On a phone the drawer's links are built when it is first opened, not with every page: mounted hidden,
  // they were part of the first (unsplittable) commit of each signed-in page.
  const [navBuilt, setNavBuilt] = useState(false);
  if (navOpened && !navBuilt) setNavBuilt(true);

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding="md"
    >
      <a href={`#${MAIN_ID}`} className={classes.skipLink} onClick={focusMain}>
        Skip to content
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={navOpened}
              onClick={toggleNav}
              hiddenFrom="sm"
              size="sm"
              aria-label="Toggle navigation"
              aria-expanded={navOpened}
              aria-controls={NAVBAR_ID}
            />
            <Anchor component={Link} to="/" fw={800} fz="lg" underline="never">
              {PRODUCT_NAME}
            </Anchor>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <OrganizationSwitcher />
            <NotificationBell />
            <section aria-label="User menu">
              <UserMenu />
            </section>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar id={NAVBAR_ID} p="sm" aria-label="Main" inert={navHidden}>
        {/* The sidebar outgrows short screens: it scrolls on its own, apart from the page, with the
            browser's own scrolling (Mantine's ScrollArea measured ~80 ms of script on a phone's first load). */}
        <AppShell.Section grow mih={0} style={{ overflowY: 'auto', overscrollBehavior: 'contain' }}>
          {(isDesktop || navBuilt) && <SideNav groups={navFor(role)} onNavigate={closeNav} />}
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main id={MAIN_ID} tabIndex={-1} className={classes.main}>
        {children ?? <Outlet />}
      </AppShell.Main>
      <StaleOrganizationDialog />
    </AppShell>
  );
}

// Focus instead of following the hash: /docs uses the hash for its own deep links.
function focusMain(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  document.getElementById(MAIN_ID)?.focus();
}
