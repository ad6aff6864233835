import { usePageTitle } from '../../../layout/pageTitle.ts';
import { LegalPage } from './LegalPage.tsx';
import { TERMS_SECTIONS } from './termsSections.tsx';

/** /terms, public: the terms of the free beta. */
export function TermsPage() {
  usePageTitle('Terms of Service');
  return (
    <LegalPage
      title="Terms of Service"
      intro="The terms for using PlasTrace during its free beta. By registering an organization or accepting an invitation you agree to them."
      sections={TERMS_SECTIONS}
    />
  );
}
