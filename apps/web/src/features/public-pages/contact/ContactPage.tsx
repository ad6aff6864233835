import { Alert, Anchor, Button, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { CONTACT_TOPIC_VALUES, type ContactTopic } from '@plastrace/shared';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAuth } from '../../../auth/AuthContext.ts';
import { usePageTitle } from '../../../layout/pageTitle.ts';
import { ContactForm, type ContactValues } from './ContactForm.tsx';
import { type ContactReceipt, useContactInfo } from './contact.api.ts';

type Sent = { receipt: ContactReceipt; email: string };

/** /contact, public: the beta's support channel (spec §1). `?topic=privacy` preselects a topic. */
export function ContactPage() {
  usePageTitle('Contact us');
  const { user, isLoading } = useAuth();
  const [params] = useSearchParams();
  const info = useContactInfo();
  const [sent, setSent] = useState<Sent | null>(null);
  // A new form (fresh state) for each message: "Send another" remounts it.
  const [formKey, setFormKey] = useState(0);

  const asked = params.get('topic');
  const initial: ContactValues = {
    name: user ? `${user.firstName} ${user.lastName}`.trim() : '',
    email: user?.email ?? '',
    organization: user?.organization.name ?? '',
    topic: CONTACT_TOPIC_VALUES.includes(asked as ContactTopic) ? (asked as ContactTopic) : '',
    message: '',
  };

  return (
    <Container size="sm">
      <Stack gap="lg">
        <div>
          <Title order={1}>Contact us</Title>
          <Text c="dimmed">
            Questions about the beta, a problem with PlasTrace, a request about your personal data or a
            partnership: write to us here and we will answer by email.
          </Text>
        </div>
        {sent ? (
          <Alert color="teal" icon={<IconCircleCheck aria-hidden />} title="Message sent" role="status">
            <Stack gap="sm">
              <Text size="sm">{sent.receipt.message}</Text>
              <Text size="sm">
                Your reference is <strong>{sent.receipt.reference}</strong>. The receipt went to{' '}
                <strong>{sent.email}</strong>.
              </Text>
              <Group gap="sm">
                <Button
                  variant="default"
                  size="xs"
                  onClick={() => {
                    setSent(null);
                    setFormKey((k) => k + 1);
                  }}
                >
                  Send another message
                </Button>
                <Button component={Link} to="/" variant="subtle" size="xs">
                  Back to home
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : (
          <Paper withBorder radius="md" p="lg">
            {/* A stored session is checked first, so a member's details can be filled in. */}
            {isLoading ? (
              <Loader size="sm" aria-label="Loading" />
            ) : (
              <ContactForm
                key={formKey}
                initial={initial}
                onSent={(receipt, email) => setSent({ receipt, email })}
              />
            )}
          </Paper>
        )}
        <Text size="sm" c="dimmed">
          Looking for how-to answers? Try the{' '}
          <Anchor component={Link} to="/help-center">
            help centre
          </Anchor>
          . Is PlasTrace down? See the{' '}
          <Anchor component={Link} to="/status">
            status page
          </Anchor>
          .
          {info.data && (
            <>
              {' '}
              You can also write to{' '}
              <Anchor href={`mailto:${info.data.supportEmail}`}>{info.data.supportEmail}</Anchor>.
            </>
          )}
        </Text>
      </Stack>
    </Container>
  );
}
