import type { DispatchRecord } from '@plastrace/shared';
import { notFound } from '../../lib/errors.ts';
import { dispatchPhotoLinks } from '../photos/photos.repo.ts';
import { photoService } from '../photos/photos.service.ts';
import * as repo from './dispatch.repo.ts';

/** Photos of a dispatch: the loaded truck, its seals and plate (modules/photos, for dispatch records). */
export const dispatchPhotos = photoService<DispatchRecord>({
  noun: 'dispatch record',
  entityType: 'dispatch_record',
  links: dispatchPhotoLinks,
  visible: async (ctx, caller, id) => {
    const record = await repo.getRecord(ctx.db, caller.organizationId, id);
    if (!record) throw notFound('Dispatch record');
    return record;
  },
  load: async (tx, caller, id, lock = false) => {
    if (lock) await repo.lockRecord(tx, caller.organizationId, id);
    const record = await repo.getRecord(tx, caller.organizationId, id);
    if (!record) throw notFound('Dispatch record');
    return record;
  },
});
