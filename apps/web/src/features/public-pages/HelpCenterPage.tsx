import { Anchor, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ContentSections } from '../../components/common/ContentSections.tsx';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { HELP_SECTIONS } from '../help/helpSections.tsx';

/** The sections of the in-app help that make sense before signing in (the rest are about app pages). */
export const PUBLIC_HELP_IDS = ['sign-in', 'roles', 'team', 'demo'];
const publicSections = HELP_SECTIONS.filter((s) => PUBLIC_HELP_IDS.includes(s.id));

const more = [
  { to: '/help', label: 'Full help', text: 'Every page of the app explained, after you sign in.' },
  { to: '/features', label: 'Features', text: 'What PlasTrace does today, and what is still to come.' },
  { to: '/docs', label: 'API reference', text: 'Connect scales, ERPs and scripts to the PlasTrace API.' },
  { to: '/contact', label: 'Contact us', text: 'A question the help does not answer? Ask support.' },
];

/** /help-center, public: the help that needs no account, from the same content as /help. */
export function HelpCenterPage() {
  usePageTitle('Help centre');
  return (
    <Container size="md">
      <Stack gap="lg">
        <div>
          <Title order={1}>Help centre</Title>
          <Text c="dimmed">Signing in, roles and joining a team. Members find more help inside the app.</Text>
        </div>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" component="nav" aria-label="More help">
          {more.map((m) => (
            <div key={m.to}>
              <Anchor component={Link} to={m.to} fw={600}>
                {m.label}
              </Anchor>
              <Text size="sm" c="dimmed">
                {m.text}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        <ContentSections sections={publicSections} />
      </Stack>
    </Container>
  );
}
