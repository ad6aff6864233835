import { usePageTitle } from '../../../layout/pageTitle.ts';
import { LegalPage } from './LegalPage.tsx';
import { PRIVACY_SECTIONS } from './privacySections.tsx';

/** /privacy, public: what PlasTrace stores, why, who sees it, and the rights of RA 10173. */
export function PrivacyPage() {
  usePageTitle('Privacy Policy');
  return (
    <LegalPage
      title="Privacy Policy"
      intro="What PlasTrace stores about you and the people your organization works with, why, who can see it, how long it is kept, and how to use your rights under the Data Privacy Act of 2012."
      sections={PRIVACY_SECTIONS}
    />
  );
}
