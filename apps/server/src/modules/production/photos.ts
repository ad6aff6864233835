import type { ProductionRecord } from '@plastrace/shared';
import { notFound } from '../../lib/errors.ts';
import { productionPhotoLinks } from '../photos/photos.repo.ts';
import { photoService } from '../photos/photos.service.ts';
import * as repo from './production.repo.ts';

/** Photos of a run: the line, the bales going in, what came out (modules/photos, for production records). */
export const productionPhotos = photoService<ProductionRecord>({
  noun: 'production record',
  entityType: 'production_record',
  links: productionPhotoLinks,
  visible: async (ctx, caller, id) => {
    const record = await repo.getRecord(ctx.db, caller.organizationId, id);
    if (!record) throw notFound('Production record');
    return record;
  },
  load: async (tx, caller, id, lock = false) => {
    if (lock) await repo.lockRecord(tx, caller.organizationId, id);
    const record = await repo.getRecord(tx, caller.organizationId, id);
    if (!record) throw notFound('Production record');
    return record;
  },
});
