import { Anchor, Modal, Stack, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { PageHeader } from '../../components/common/PageHeader.tsx';
import { RequirePermission } from '../../components/common/RequirePermission.tsx';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { useAttribution } from './api.ts';
import { HistoryList } from './HistoryList.tsx';
import { IdentifyPanel } from './IdentifyPanel.tsx';
import { SiteLibrary } from './SiteLibrary.tsx';

const TITLE = 'AI identification';

/** /ai-identification: identify a polymer from its spectrum, confirm it onto a lot or receive line. */
export function AiIdentificationPage() {
  usePageTitle(TITLE);
  return (
    <RequirePermission action="identification.read" title={TITLE}>
      <AiIdentification />
    </RequirePermission>
  );
}

function AiIdentification() {
  const [showAttribution, setShowAttribution] = useState(false);
  const attribution = useAttribution(showAttribution);
  return (
    <Stack gap="md">
      <PageHeader
        title={TITLE}
        description="Polymer identification from FTIR, NIR or Raman spectra. A photo is evidence only: the resin code is confirmed by a person or a spectrum."
      />
      <Tabs defaultValue="identify" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="identify">Identify</Tabs.Tab>
          <Tabs.Tab value="history">History</Tabs.Tab>
          <Tabs.Tab value="library">Site library</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="identify" pt="md">
          <IdentifyPanel />
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="md">
          <HistoryList />
        </Tabs.Panel>
        <Tabs.Panel value="library" pt="md">
          <SiteLibrary />
        </Tabs.Panel>
      </Tabs>
      <Text size="xs" c="dimmed">
        Matching follows Open Specy (Cowger et al. 2021, CC BY 4.0). Shipped reference spectra: MicroPlastiX
        SpecDB (Lenz et al. 2023), CC BY-SA 4.0 —{' '}
        <Anchor component="button" type="button" size="xs" onClick={() => setShowAttribution(true)}>
          sources and licences
        </Anchor>
        .
      </Text>
      <Modal
        opened={showAttribution}
        onClose={() => setShowAttribution(false)}
        title="Sources and licences"
        size="lg"
      >
        <Text size="xs" style={{ whiteSpace: 'pre-wrap' }}>
          {attribution.data ?? (attribution.isError ? 'The attribution could not be loaded.' : 'Loading…')}
        </Text>
      </Modal>
    </Stack>
  );
}
