import { Anchor, Box, Burger, Button, Collapse, Container, Group, Stack } from '@mantine/core';
import { useDisclosure, useWindowScroll } from '@mantine/hooks';
import { HEADER_SCROLL_THRESHOLD_PX } from '@plastrace/shared';
import type { MouseEvent } from 'react';
import { PRODUCT_NAME } from '../../layout/pageTitle.ts';
import classes from './LandingHeader.module.css';
import { LANDING_SECTIONS, scrollToSection } from './scrollToSection.ts';

const MOBILE_MENU_ID = 'landing-mobile-menu';

interface LandingHeaderProps {
  onSignIn: () => void;
  onJoin: () => void;
}

/** The landing page's fixed header (spec §2). */
export function LandingHeader({ onSignIn, onJoin }: LandingHeaderProps) {
  const [{ y }] = useWindowScroll();
  const [menuOpened, { toggle: toggleMenu, close: closeMenu }] = useDisclosure(false);

  const goTo = (id: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    closeMenu();
    scrollToSection(id);
  };
  const act = (action: () => void) => () => {
    closeMenu();
    action();
  };

  const links = LANDING_SECTIONS.map((section) => (
    <Anchor key={section.id} href={`#${section.id}`} onClick={goTo(section.id)} c="dark" fw={500}>
      {section.label}
    </Anchor>
  ));

  return (
    <Box component="header" className={classes.header} data-scrolled={y > HEADER_SCROLL_THRESHOLD_PX}>
      <Container size="lg" h={64}>
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Anchor href="#top" onClick={goTo('top')} fw={800} fz="xl" c="brand.7" underline="never">
            {PRODUCT_NAME}
          </Anchor>
          <Group component="nav" aria-label="Sections" gap="lg" visibleFrom="sm">
            {links}
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Button variant="default" onClick={act(onSignIn)} visibleFrom="sm">
              Sign In
            </Button>
            <Button onClick={act(onJoin)} visibleFrom="sm">
              Get Beta Access
            </Button>
            {/* On a phone both stay in sight: members sign in without opening the menu. */}
            <Button size="xs" variant="default" onClick={act(onSignIn)} hiddenFrom="sm">
              Sign In
            </Button>
            <Button size="xs" onClick={act(onJoin)} hiddenFrom="sm">
              Join
            </Button>
            <Burger
              opened={menuOpened}
              onClick={toggleMenu}
              hiddenFrom="sm"
              size="sm"
              aria-label="Toggle menu"
              aria-expanded={menuOpened}
              aria-controls={MOBILE_MENU_ID}
            />
          </Group>
        </Group>
      </Container>
      <Collapse expanded={menuOpened} id={MOBILE_MENU_ID} hiddenFrom="sm" className={classes.mobileMenu}>
        <Stack component="nav" aria-label="Sections (mobile)" p="md" gap="sm">
          {links}
          <Button variant="default" onClick={act(onSignIn)}>
            Sign In
          </Button>
        </Stack>
      </Collapse>
    </Box>
  );
}
