import { MasterDataPage } from '../catalog/MasterDataPage.tsx';
import { suppliersConfig } from './config.tsx';

/** /suppliers and /supplier-management: waste pickers, junkshops, aggregators… and how they are paid. */
export function SuppliersPage() {
  return (
    <MasterDataPage
      config={suppliersConfig}
      title="Suppliers"
      description="Who delivers material, and how they are paid: cash, GCash, bank transfer or cheque."
    />
  );
}
