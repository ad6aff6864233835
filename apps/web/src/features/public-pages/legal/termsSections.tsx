import { List, Text } from '@mantine/core';
import { type ContentSection, pageLink as to } from '../../../components/common/ContentSections.tsx';

const Item = List.Item;

// The beta terms repeat the landing page's promises (spec §1); keep the two in step.
export const TERMS_SECTIONS: ContentSection[] = [
  {
    id: 'beta',
    title: 'The free beta',
    body: (
      <List size="sm" spacing={4}>
        <Item>
          Full access at no cost: no credit card and no time limit while the beta runs. We expect the beta to
          last 3 to 6 months and will tell every beta organization by email before it ends.
        </Item>
        <Item>Access starts as soon as your organization is registered. Team invitations are unlimited.</Item>
        <Item>
          When paid plans launch, organizations from the beta keep grandfathered pricing. Nothing will be
          charged without your agreement, and you can leave instead.
        </Item>
        <Item>
          Support is basic: write to us through the {to('/contact', 'contact form')}. We answer as soon as we
          can, without a guaranteed response time.
        </Item>
      </List>
    ),
  },
  {
    id: 'account',
    title: 'Your account',
    body: (
      <List size="sm" spacing={4}>
        <Item>Give true details when you register, and keep your password to yourself.</Item>
        <Item>
          The person who registers an organization becomes its administrator and is responsible for whom they
          invite and which role each member gets.
        </Item>
        <Item>
          Tell us at once through the contact form if you think someone else has used your account. You can
          end your other sessions yourself on your profile.
        </Item>
      </List>
    ),
  },
  {
    id: 'your-data',
    title: 'Your data',
    body: (
      <List size="sm" spacing={4}>
        <Item>
          What your organization records in PlasTrace belongs to it. We use it only to provide the service to
          you, as the {to('/privacy', 'Privacy Policy')} describes.
        </Item>
        <Item>
          You can export your data at any time: lists of records, lots, stock, supplier balances and the
          activity log download as CSV.
        </Item>
        <Item>
          You are responsible for having the right to record what you enter about other people, such as
          suppliers’ contact and payment details and photos of deliveries.
        </Item>
      </List>
    ),
  },
  {
    id: 'use',
    title: 'Acceptable use',
    body: (
      <List size="sm" spacing={4}>
        <Item>Record only real deliveries, stock and payments. Do not enter false records.</Item>
        <Item>Do not try to reach another organization’s data, or to get around roles or limits.</Item>
        <Item>Do not overload, probe or attack the service, or use it to send unwanted mail.</Item>
        <Item>Do not upload unlawful content, or photos you have no right to use.</Item>
        <Item>The demo organization is shared and public: use it to try PlasTrace, never for real data.</Item>
      </List>
    ),
  },
  {
    id: 'what-it-is',
    title: 'What PlasTrace is, and is not',
    body: (
      <>
        <Text size="sm">
          PlasTrace is a record-keeping tool. The figures it shows, such as weights, values, stock and EPR
          targets, come from your records and from reference data whose sources are listed in the app. It does
          not certify your compliance with the Extended Producer Responsibility Act of 2022 (RA 11898) or any
          other law, and it is not an official registry: your registrations and reports to the authorities
          remain your responsibility.
        </Text>
        <Text size="sm">
          Some features shown on the home page, such as the marketplace, EPR credits and AI sorting, are
          planned and not yet available. {to('/features', 'Features')} lists what works today.
        </Text>
        <Text size="sm">
          A lot’s QR code leads to a public page that anyone holding the code can open. It shows only the
          lot’s public facts.
        </Text>
      </>
    ),
  },
  {
    id: 'availability',
    title: 'Availability and changes',
    body: (
      <Text size="sm">
        During the beta PlasTrace is provided as it is, without a guaranteed uptime; the{' '}
        {to('/status', 'status page')} shows whether it is working right now. We will improve, change and
        sometimes remove features, and tell you by email before a change that affects how you work.
      </Text>
    ),
  },
  {
    id: 'liability',
    title: 'Responsibility',
    body: (
      <Text size="sm">
        We take care to keep PlasTrace correct and your data safe, but as far as the law allows we are not
        liable for indirect losses, such as lost profit or business, that come from using the free beta or
        from it being unavailable. Nothing in these terms limits rights you have under Philippine law that
        cannot be limited.
      </Text>
    ),
  },
  {
    id: 'ending',
    title: 'Ending',
    body: (
      <Text size="sm">
        You can stop using PlasTrace at any time and ask us to close your organization’s account: we let you
        export its data first, then delete it. We may suspend an account that breaks these terms, and will
        tell its administrators why unless the law prevents it.
      </Text>
    ),
  },
  {
    id: 'law',
    title: 'Changes to these terms and governing law',
    body: (
      <Text size="sm">
        We will post changes here with a new date and tell administrators by email before they take effect.
        These terms are governed by the laws of the Philippines. Questions: use the{' '}
        {to('/contact', 'contact form')}.
      </Text>
    ),
  },
];
