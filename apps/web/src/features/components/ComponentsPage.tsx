import { MasterDataPage } from '../catalog/MasterDataPage.tsx';
import { componentsConfig } from './config.tsx';

/** /components-management: the parts products are packed in, for bills of materials. */
export function ComponentsPage() {
  return (
    <MasterDataPage
      config={componentsConfig}
      title="Components"
      description="The parts of your products’ packaging, with polymer, grams, recycled content and RA 11898 category."
    />
  );
}
