import { List, Text } from '@mantine/core';
import { type ContentSection, pageLink as to } from '../../../components/common/ContentSections.tsx';

const Item = List.Item;
const request = to('/contact?topic=privacy', 'contact form (topic “Privacy and my data”)');

// Every statement here must stay true of the code: when what is stored, shown or kept changes, change
// this text (and LEGAL_UPDATED) in the same commit.
export const PRIVACY_SECTIONS: ContentSection[] = [
  {
    id: 'who',
    title: 'Who is responsible',
    body: (
      <>
        <Text size="sm">
          For your own account, your sign-ins and messages you send us, PlasTrace is the personal information
          controller under the Philippine Data Privacy Act of 2012 (Republic Act No. 10173).
        </Text>
        <Text size="sm">
          For what an organization records about other people — its suppliers and waste pickers, customers,
          drivers, the people in its photos — that organization is the controller and PlasTrace processes the
          data on its behalf. Questions about such records go to the organization first; we help it answer.
        </Text>
      </>
    ),
  },
  {
    id: 'what',
    title: 'What we store',
    body: (
      <List size="sm" spacing={6}>
        <Item>
          <strong>Accounts:</strong> name, email address, optional phone number, the business type chosen at
          registration, your organization, your role in it and whether your email address is verified.
        </Item>
        <Item>
          <strong>Passwords and sign-in links:</strong> passwords only as scrypt hashes; session tokens and
          one-time links (sign-in, invitation, password reset, email verification) only as SHA-256 hashes.
          Nobody at PlasTrace can read them.
        </Item>
        <Item>
          <strong>Sessions:</strong> for each signed-in device, its browser description, IP address and when
          it was last used, so you can see and end your sessions on your profile.
        </Item>
        <Item>
          <strong>Activity log:</strong> sign-ins and sign-outs, exports, reports, settings and record
          changes: who, when and the details.
        </Item>
        <Item>
          <strong>Audit trail:</strong> who changed what and when, with the values before and after, and for
          account events the IP address.
        </Item>
        <Item>
          <strong>Operational records:</strong> receive records (supplier, facility, date, weighbridge ticket,
          scale, vehicle plate, weights, prices and notes), lots, stock movements, stock counts and payments.
        </Item>
        <Item>
          <strong>Photos:</strong> delivery photos are stored with their metadata (EXIF) removed; the time the
          photo was taken and its GPS position are kept as separate fields, because they show where and when a
          delivery happened.
        </Item>
        <Item>
          <strong>Supplier, customer and facility data:</strong> names, contact people, phone numbers, email
          and postal addresses, and for suppliers the payment method and details (a GCash number or bank
          account).
        </Item>
        <Item>
          <strong>Email we send:</strong> each email (recipient, subject and text) is kept in an outbox until
          sent, and afterwards as a record of what was sent.
        </Item>
        <Item id="contact-form">
          <strong>Contact-form messages:</strong> your name, email address, optional organization, topic and
          message. Your IP address is not stored, only a keyed hash of it that lets us spot abuse from one
          source but cannot be turned back into the address.
        </Item>
        <Item>
          <strong>Abuse protection:</strong> counters of recent attempts per IP address and per email address
          (sign-in, links, registration, contact form), deleted within a day of their time window ending.
        </Item>
        <Item>
          <strong>Server logs:</strong> each request (time, address, path and result) for troubleshooting and
          security.
        </Item>
      </List>
    ),
  },
  {
    id: 'why',
    title: 'Why we use it',
    body: (
      <List size="sm" spacing={4}>
        <Item>
          To run your account and keep it secure: sign-in, sessions, limits on guessing, security notices.
        </Item>
        <Item>
          To do what the organization uses PlasTrace for: record deliveries, lots, stock and payments, and
          prove where material came from.
        </Item>
        <Item>To keep an honest record of who did what (activity log and audit trail).</Item>
        <Item>To send the emails the service needs: sign-in links, invitations, receipts and replies.</Item>
        <Item>To answer your messages.</Item>
      </List>
    ),
  },
  {
    id: 'not',
    title: 'What we do not do',
    body: (
      <List size="sm" spacing={4}>
        <Item>We do not sell personal data or share it for advertising.</Item>
        <Item>
          We use no advertising or analytics trackers and load nothing from other websites: no third-party
          scripts, fonts or cookies.
        </Item>
        <Item>
          We do not ask for sensitive personal information such as government ID numbers, health or religion.
          Please do not put any in notes or photos.
        </Item>
      </List>
    ),
  },
  {
    id: 'who-sees',
    title: 'Who sees what',
    body: (
      <>
        <List size="sm" spacing={4}>
          <Item>
            Members of your organization, according to their role: administrators and managers see and change
            the organization’s data; operators record deliveries; auditors read everything, including the
            whole activity log; supplier members see only their own supplier’s deliveries, lots and ledger.
            The roles are explained in the {to('/help-center#roles', 'help centre')}.
          </Item>
          <Item>No other organization can see your organization’s data.</Item>
          <Item>
            Anyone holding a lot’s QR code or link sees its public verification page, which shows only the lot
            code, material, quantity, status, the facility’s city and the dates. No prices, suppliers or
            people.
          </Item>
          <Item>
            The companies that host PlasTrace and deliver its email process data only to provide that service.
          </Item>
          <Item>Authorities, only where the law requires it.</Item>
        </List>
        <Text size="sm">
          The demo organization and its sign-in password are public: never enter real data there.
        </Text>
      </>
    ),
  },
  {
    id: 'browser',
    title: 'Cookies and browser storage',
    body: (
      <List size="sm" spacing={4}>
        <Item>
          One cookie, <code>pt_csrf</code>: a random value that protects your actions against forged requests
          from other websites. It is sent only to the PlasTrace API and lasts 30 days; the browser keeps the
          matching token for as long.
        </Item>
        <Item>
          Your session token and a copy of your profile are kept in the browser: until you close it, or, with
          “Remember me”, until you sign out or the session ends.
        </Item>
      </List>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <List size="sm" spacing={4}>
        <Item>
          Sessions end after 24 hours without use and after 30 days in any case; one-time links expire after
          15 minutes (sign-in), 1 hour (password reset) or 7 days (invitations, email verification) and work
          once.
        </Item>
        <Item>
          Accounts and the organization’s records are kept while the organization uses PlasTrace. A
          deactivated member cannot sign in, but the records they made and their history stay.
        </Item>
        <Item>
          The activity log and audit trail cannot be changed or deleted while the organization exists, so that
          they can be trusted.
        </Item>
        <Item>
          When an organization asks to close its account, we let it export its data and then delete the
          organization’s data, including its logs.
        </Item>
        <Item>
          Contact-form messages are kept until you ask us to delete them; during the beta nothing is deleted
          automatically.
        </Item>
      </List>
    ),
  },
  {
    id: 'security',
    title: 'How we protect it',
    body: (
      <Text size="sm">
        Hashed passwords, tokens and links; protection against forged requests on every change; limits on
        repeated attempts; a role check on every action; every query limited to the caller’s organization; and
        logs that the database refuses to alter. If a personal data breach happens, we will notify the
        National Privacy Commission and the people affected as its rules require. PlasTrace holds no security
        certification.
      </Text>
    ),
  },
  {
    id: 'rights',
    title: 'Your rights under the Data Privacy Act',
    body: (
      <>
        <Text size="sm">As a data subject you have the right to:</Text>
        <List size="sm" spacing={4}>
          <Item>be informed of how your personal data is processed (this page);</Item>
          <Item>access the personal data we hold about you;</Item>
          <Item>object to its processing;</Item>
          <Item>have inaccurate data corrected;</Item>
          <Item>have it erased or blocked when it is no longer needed or was processed unlawfully;</Item>
          <Item>receive your data in a common electronic format (data portability);</Item>
          <Item>be compensated for damages caused by inaccurate or unlawfully processed data;</Item>
          <Item>lodge a complaint with the National Privacy Commission (privacy.gov.ph).</Item>
        </List>
        <Text size="sm">
          <strong>How to use them:</strong> write to us through the {request}. We may ask you to confirm that
          the email address is yours before we answer. You can correct your name and phone number yourself on
          your profile; an organization’s administrators and managers can correct its supplier and customer
          records and export its lists as CSV at any time.
        </Text>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <Text size="sm">
        When what PlasTrace stores or shares changes, this page changes with it and shows a new date. We will
        tell members by email before a change that affects their data takes effect.
      </Text>
    ),
  },
];
