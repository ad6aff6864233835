import { z } from 'zod';
import { str } from './wire.ts';

/** What a contact-form message is about; support sorts its inbox by it. */
export const CONTACT_TOPICS = [
  { value: 'beta_access', label: 'Beta access' },
  { value: 'support', label: 'Support' },
  { value: 'privacy', label: 'Privacy and my data' },
  { value: 'partnership', label: 'Partnership' },
  { value: 'other', label: 'Other' },
] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number]['value'];
export const CONTACT_TOPIC_VALUES = CONTACT_TOPICS.map((t) => t.value) as [ContactTopic, ...ContactTopic[]];
export const contactTopicLabel = (topic: string): string =>
  CONTACT_TOPICS.find((t) => t.value === topic)?.label ?? topic;

export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 5000;

const required = (label: string, max: number) =>
  str(`${label} is required`)
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** The contact form; the web validates with the same schema, so both sides give the same messages. */
export const contactBodySchema = z
  .object({
    name: required('Name', 100),
    email: str('Email is required')
      .trim()
      .toLowerCase()
      .min(1, 'Email is required')
      .email('Enter a valid email address')
      .max(254, 'Email must be at most 254 characters'),
    organization: str().trim().max(200, 'Organization must be at most 200 characters').nullish(),
    topic: z.enum(CONTACT_TOPIC_VALUES, { message: 'Choose a topic' }),
    message: str('Message is required')
      .trim()
      .min(CONTACT_MESSAGE_MIN, `Message must be at least ${CONTACT_MESSAGE_MIN} characters`)
      .max(CONTACT_MESSAGE_MAX, `Message must be at most ${CONTACT_MESSAGE_MAX} characters`),
  })
  .meta({ id: 'ContactMessage' });
export type ContactBody = z.input<typeof contactBodySchema>;

export const contactReceiptSchema = z
  .object({
    reference: z.string().describe('Quote it when writing about the same matter again'),
    message: z.string(),
  })
  .meta({ id: 'ContactReceipt' });

export const contactInfoSchema = z
  .object({ support_email: z.string().describe('Where contact-form messages go (SUPPORT_EMAIL)') })
  .meta({ id: 'ContactInfo' });
