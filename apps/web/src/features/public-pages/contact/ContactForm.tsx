import { Anchor, Button, NativeSelect, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  CONTACT_MESSAGE_MAX,
  CONTACT_TOPICS,
  type ContactBody,
  type ContactTopic,
  contactBodySchema,
} from '@plastrace/shared';
import { Link } from 'react-router';
import { wireFieldErrorsOf } from '../../../components/common/apiErrors.ts';
import { ActionError } from '../../../components/common/QueryError.tsx';
import { useSchemaForm } from '../../../components/common/schemaForm.ts';
import { type ContactReceipt, useSendContact } from './contact.api.ts';

export interface ContactValues {
  name: string;
  email: string;
  organization: string;
  topic: ContactTopic | '';
  message: string;
}

interface ContactFormProps {
  initial: ContactValues;
  onSent: (receipt: ContactReceipt, email: string) => void;
}

export function ContactForm({ initial, onSent }: ContactFormProps) {
  // The server's own schema, so both sides refuse alike and in the same words. No topic chosen yet is
  // '', which the schema refuses with 'Choose a topic'.
  const form = useSchemaForm(contactBodySchema, initial as ContactBody);
  const send = useSendContact();

  const submit = form.onSubmit((values) => {
    send.reset();
    const body = contactBodySchema.parse(values);
    send.mutate(body, {
      onSuccess: (receipt) => onSent(receipt, body.email),
      onError: (error) => form.setErrors(wireFieldErrorsOf(error)),
    });
  });

  const length = form.values.message.trim().length;
  const fieldLevel = Object.keys(wireFieldErrorsOf(send.error)).length > 0;
  return (
    <form onSubmit={submit} noValidate aria-label="Contact us">
      <Stack gap="sm">
        {!fieldLevel && <ActionError error={send.error} />}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Name"
            required
            autoComplete="name"
            maxLength={100}
            {...form.getInputProps('name')}
          />
          <TextInput
            label="Email"
            type="email"
            required
            autoComplete="email"
            {...form.getInputProps('email')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Organization"
            description="Optional"
            autoComplete="organization"
            maxLength={200}
            {...form.getInputProps('organization')}
          />
          <NativeSelect
            label="Topic"
            required
            data={[
              { value: '', label: 'Choose a topic', disabled: true },
              ...CONTACT_TOPICS.map((t) => ({ value: t.value, label: t.label })),
            ]}
            {...form.getInputProps('topic')}
          />
        </SimpleGrid>
        <Textarea
          label="Message"
          required
          rows={8}
          resize="vertical"
          description={`${length} of ${CONTACT_MESSAGE_MAX} characters`}
          {...form.getInputProps('message')}
        />
        <Text size="xs" c="dimmed">
          We use what you send only to answer you, and email you a receipt. See the{' '}
          <Anchor component={Link} to="/privacy#contact-form" size="xs">
            Privacy Policy
          </Anchor>
          .
        </Text>
        <div>
          <Button type="submit" loading={send.isPending}>
            Send message
          </Button>
        </div>
      </Stack>
    </form>
  );
}
