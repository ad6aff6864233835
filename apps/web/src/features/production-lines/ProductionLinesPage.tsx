import { MasterDataPage } from '../catalog/MasterDataPage.tsx';
import { productionLinesConfig } from './config.tsx';

/** /production-lines: the lines of each facility and the process steps they run. */
export function ProductionLinesPage() {
  return (
    <MasterDataPage
      config={productionLinesConfig}
      title="Production lines"
      description="Lines at your facilities, the process steps they run, their capacity and rated power."
    />
  );
}
