import { receiveRecordSchema } from '@plastrace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiError, fakeApi, type Handler, json } from '../../test/fakeApi.ts';
import { page, signInAs } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { wire } from '../../test/wire.ts';
import { ReceiveRecordDetailPage } from './ReceiveRecordDetailPage.tsx';
import {
  jpegFile,
  PHOTO_ID,
  photoResponse,
  postedRecord,
  RECORD_ID,
  stubObjectUrls,
  wirePhoto,
  wireRecord,
} from './testData.ts';

/** A receive record as the API sends it. */
const asWire = (value: unknown, status?: number) => json(wire(receiveRecordSchema, value), status);
const ONE = `/api/receive-records/${RECORD_ID}`;
const PHOTOS = `${ONE}/photos`;

beforeEach(stubObjectUrls);

describe('Photos on the record', () => {
  const renderDetail = (
    role: 'operator' | 'auditor',
    record: object,
    handlers: Record<string, Handler> = {},
  ) => {
    const server = fakeApi({
      ...signInAs(role),
      [`GET ${ONE}`]: asWire(record),
      [`GET ${PHOTOS}/${PHOTO_ID}/thumbnail`]: photoResponse,
      [`GET ${PHOTOS}/${PHOTO_ID}`]: photoResponse,
      ...handlers,
    });
    renderWithAuth(page('/receive-records/:id', ReceiveRecordDetailPage), `/receive-records/${RECORD_ID}`);
    return { server, user: userEvent.setup() };
  };

  it('shows thumbnails with when and where, opens the full photo, and removes one from a draft', async () => {
    const { server, user } = renderDetail('operator', wireRecord({ photos: [wirePhoto()] }), {
      [`DELETE ${PHOTOS}/${PHOTO_ID}`]: asWire(wireRecord()),
    });
    const thumb = await screen.findByRole('img', { name: 'Photo 1 of RR-0042' });
    expect(thumb).toHaveAttribute('src', expect.stringMatching(/^blob:photo-/));
    expect(server.calls('GET', `${PHOTOS}/${PHOTO_ID}/thumbnail`)[0]?.headers.authorization).toBe(
      'Bearer token-1',
    );
    expect(screen.getByText(/^Taken May 20, 2026/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '14.589675, 120.979167' })).toHaveAttribute(
      'href',
      expect.stringContaining('mlat=14.589675&mlon=120.979167'),
    );

    await user.click(screen.getByRole('button', { name: 'Open Photo 1 of RR-0042' }));
    const full = within(await screen.findByRole('dialog', { name: 'Photo 1 of RR-0042' }));
    expect(await full.findByRole('img', { name: 'Photo 1 of RR-0042, full size' })).toBeInTheDocument();
    expect(server.calls('GET', `${PHOTOS}/${PHOTO_ID}`)).toHaveLength(1);
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Remove Photo 1 of RR-0042' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Remove this photo?' }));
    await user.click(confirm.getByRole('button', { name: 'Remove photo' }));
    expect(await screen.findByText('Photo removed.')).toBeInTheDocument();
    expect(server.calls('DELETE', `${PHOTOS}/${PHOTO_ID}`)).toHaveLength(1);
    expect(await screen.findByText('No photos.')).toBeInTheDocument();
  });

  it('uploads a photo added to a draft straight away, and retries one that failed', async () => {
    const { server, user } = renderDetail('operator', wireRecord(), {
      [`POST ${PHOTOS}`]: apiError(413, 'payload_too_large', '“plate.jpg” is larger than 10 MB.'),
    });
    await user.upload(await screen.findByLabelText('Take photo'), jpegFile('plate.jpg'));
    const pending = within(await screen.findByRole('list', { name: 'Photos to upload' }));
    expect(await pending.findByText('“plate.jpg” is larger than 10 MB.')).toBeInTheDocument();

    server.on(`POST ${PHOTOS}`, asWire(wireRecord({ photos: [wirePhoto()] }), 201));
    await user.click(screen.getByRole('button', { name: 'Retry failed uploads' }));
    expect(await screen.findByRole('img', { name: 'Photo 1 of RR-0042' })).toBeInTheDocument();
    expect(server.calls('POST', PHOTOS)).toHaveLength(2);
    await waitFor(() =>
      expect(screen.queryByRole('list', { name: 'Photos to upload' })).not.toBeInTheDocument(),
    );
  });

  it('shows the photos of a posted record, or to an auditor, without changing them', async () => {
    renderDetail('operator', { ...postedRecord(), photos: [wirePhoto()] });
    expect(await screen.findByRole('img', { name: 'Photo 1 of RR-0042' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Take photo' })).not.toBeInTheDocument();
  });

  it('says so when a photo cannot be loaded', async () => {
    renderDetail('auditor', wireRecord({ photos: [wirePhoto()] }), {
      [`GET ${PHOTOS}/${PHOTO_ID}/thumbnail`]: apiError(404, 'not_found', 'Photo not found'),
    });
    expect(await screen.findByText('The photo could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add photos' })).not.toBeInTheDocument();
  });
});
