import { receivePhotoLinks } from '../photos/photos.repo.ts';
import { photoService } from '../photos/photos.service.ts';
import { load, visibleRecord } from './intake.service.ts';

/** Photos of a delivery: the load, the ticket, the plate (modules/photos, for receive records). */
export const receivePhotos = photoService({
  noun: 'receive record',
  entityType: 'receive_record',
  links: receivePhotoLinks,
  visible: async (ctx, caller, id) => (await visibleRecord(ctx.db, caller, id)).record,
  load,
});
