import { contactTopicLabel } from '@plastrace/shared';
import type { Mail } from '../mail/mail.repo.ts';
import type { ContactMessage } from './contact.repo.ts';

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

const manilaTime = (d: Date) =>
  new Intl.DateTimeFormat('en-PH', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Manila',
  }).format(d);

/** The message itself, for the support inbox. */
export const toSupport = (supportEmail: string, m: ContactMessage, reference: string): Mail => ({
  to: supportEmail,
  subject: `[PlasTrace contact: ${contactTopicLabel(m.topic)}] ${reference} from ${oneLine(m.name)}`,
  text: `A message from the PlasTrace contact form.

Reference:    ${reference}
Topic:        ${contactTopicLabel(m.topic)}
From:         ${oneLine(m.name)} <${m.email}>
Organization: ${m.organization ? oneLine(m.organization) : '(not given)'}
Received:     ${manilaTime(m.createdAt)} (Asia/Manila)

-----
${m.message}
-----

Reply to ${m.email}. The sender's address has not been verified: do not send account details to it
before checking who they are.`,
});

/**
 * The receipt for the sender. Anyone can type any address into the form, so this mail repeats nothing
 * the sender wrote (no name, no message): the form cannot be used to deliver someone else's text.
 */
export const acknowledgement = (m: ContactMessage, reference: string): Mail => ({
  to: m.email,
  subject: `We received your message (${reference})`,
  text: `Hello,

Thank you for contacting PlasTrace. We received your message about "${contactTopicLabel(m.topic)}" on
${manilaTime(m.createdAt)} (Asia/Manila), reference ${reference}, and will reply to this address.
Quote the reference if you write to us about the same matter again.

If you did not write to us, someone else entered your email address on our contact form. You can ignore
this email; we will not add you to any list.

PlasTrace support`,
});
