import { MasterDataPage } from '../catalog/MasterDataPage.tsx';
import { facilitiesConfig } from './config.tsx';

/** /facilities: MRFs, junkshops, plants and warehouses. */
export function FacilitiesPage() {
  return (
    <MasterDataPage
      config={facilitiesConfig}
      title="Facilities"
      description="Where material is received, stored and processed. The region sets which prices apply."
    />
  );
}
