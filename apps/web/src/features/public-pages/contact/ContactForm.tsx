import { Anchor, Button, NativeSelect, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  CONTACT_MESSAGE_MAX,
  CONTACT_TOPICS,
  type ContactBody,
  type ContactTopic,
  contactBodySchema,
} from '@plastrace/shared';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { fieldErrorsOf } from '../../../components/common/apiErrors.ts';
import { ActionError } from '../../../components/common/QueryError.tsx';
import { type ContactReceipt, useSendContact } from './contact.api.ts';

export interface ContactValues {
  name: string;
  email: string;
  organization: string;
  topic: ContactTopic | '';
  message: string;
}
type Field = keyof ContactValues;
type FieldErrors = Partial<Record<Field, string>>;

/** The same schema as the server, so the messages match; the first problem of each field is shown. */
export function validateContact(values: ContactValues): { body?: ContactBody; errors: FieldErrors } {
  const parsed = contactBodySchema.safeParse(values);
  if (parsed.success) return { body: parsed.data, errors: {} };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return { errors };
}

interface ContactFormProps {
  initial: ContactValues;
  onSent: (receipt: ContactReceipt, email: string) => void;
}

export function ContactForm({ initial, onSent }: ContactFormProps) {
  const [values, setValues] = useState<ContactValues>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const send = useSendContact();

  const field = (key: Field) => ({
    value: values[key],
    error: errors[key],
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      setValues((v) => ({ ...v, [key]: value }));
    },
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    send.reset();
    const { body, errors: found } = validateContact(values);
    setErrors(found);
    if (!body) return;
    send.mutate(body, {
      onSuccess: (receipt) => onSent(receipt, body.email),
      onError: (error) => setErrors(fieldErrorsOf(error)),
    });
  }

  const length = values.message.trim().length;
  const fieldLevel = Object.keys(fieldErrorsOf(send.error)).length > 0;
  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Contact us">
      <Stack gap="sm">
        {!fieldLevel && <ActionError error={send.error} />}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Name" required autoComplete="name" maxLength={100} {...field('name')} />
          <TextInput label="Email" type="email" required autoComplete="email" {...field('email')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Organization"
            description="Optional"
            autoComplete="organization"
            maxLength={200}
            {...field('organization')}
          />
          <NativeSelect
            label="Topic"
            required
            data={[
              { value: '', label: 'Choose a topic', disabled: true },
              ...CONTACT_TOPICS.map((t) => ({ value: t.value, label: t.label })),
            ]}
            {...field('topic')}
          />
        </SimpleGrid>
        <Textarea
          label="Message"
          required
          rows={8}
          resize="vertical"
          description={`${length} of ${CONTACT_MESSAGE_MAX} characters`}
          {...field('message')}
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
