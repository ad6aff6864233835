import { Stack } from '@mantine/core';
import { MasterDataPage } from '../catalog/MasterDataPage.tsx';
import { LineMonthsTable } from '../production-records/LineMonthsTable.tsx';
import { productionLinesConfig } from './config.tsx';

/** /production-lines: the lines of each facility, the steps they run, and their runs month by month. */
export function ProductionLinesPage() {
  return (
    <Stack gap="xl">
      <MasterDataPage
        config={productionLinesConfig}
        title="Production lines"
        description="Lines at your facilities, the process steps they run, their capacity and rated power."
      />
      <LineMonthsTable />
    </Stack>
  );
}
