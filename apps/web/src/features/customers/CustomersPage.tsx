import { MasterDataPage } from '../catalog/MasterDataPage.tsx';
import { customersConfig } from './config.tsx';

/** /customers and /customer-management: who buys the recycled material. */
export function CustomersPage() {
  return (
    <MasterDataPage
      config={customersConfig}
      title="Customers"
      description="Recyclers, manufacturers, brand owners and traders that buy your material."
    />
  );
}
