import { publicDispatchSchema, publicLotSchema } from '@plastrace/shared';
import { decodeCompactBundle } from '@plastrace/verify';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { transactionLog } from '../../auth/transactionLog.ts';
import { formatDateTime } from '../../components/common/format.ts';
import { catchDownloads } from '../../test/downloads.ts';
import { apiError, fakeApi, json } from '../../test/fakeApi.ts';
import { page } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { useControlledTimers } from '../../test/timers.ts';
import { wire } from '../../test/wire.ts';
import { LOT_ID } from '../receive-records/testData.ts';
import { BUNDLE_ATTEMPTS } from '../record-log/api.ts';
import {
  checkpointTime,
  DISPATCH_ID,
  dispatchSnapshot,
  LOT_ID as LOGGED_LOT_ID,
  lotSnapshot,
  makeTestLog,
  RR_ID,
} from '../record-log/testLog.ts';
import { VerifyPage } from './VerifyPage.tsx';

const URL_ = `/api/public/lots/${LOT_ID}`;
const DISPATCH_URL = `/api/public/dispatches/${LOT_ID}`;

describe('Verify page', () => {
  it('shows the public facts of a lot without a session', async () => {
    const server = fakeApi({
      [`GET ${URL_}`]: json(
        wire(publicLotSchema, {
          id: LOT_ID,
          organization: { name: 'EcoPlast Recycling Inc.', time_zone: 'Asia/Manila' },
          code: 'MNL1-260520-0001',
          material: 'PET bottles',
          polymer: 'PET',
          form: 'bottles',
          qty_kg: '1200.250',
          status: 'available',
          facility_city: 'Manila',
          received_on: '2026-05-20',
          created_at: '2026-05-20T02:00:00Z',
        }),
      ),
    });
    renderWithAuth(page('/verify/:recordId', VerifyPage), `/verify/${LOT_ID}`);
    const facts = await screen.findByLabelText('Lot facts');
    expect(screen.getByRole('heading', { name: 'Verify a PlasTrace lot' })).toBeInTheDocument();
    expect(facts).toHaveTextContent('MNL1-260520-0001');
    expect(facts).toHaveTextContent('PET bottles (PET, bottles)');
    expect(facts).toHaveTextContent('1,200.25 kg');
    expect(facts).toHaveTextContent('Manila');
    expect(facts).toHaveTextContent('Available');
    // Who holds it, and a way to the product's home.
    expect(screen.getByRole('heading', { name: 'EcoPlast Recycling Inc.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /About PlasTrace/ })).toHaveAttribute('href', '/');
    expect(server.calls('GET', URL_)[0]?.headers.authorization).toBeUndefined();
    expect(document.title).toBe('Verify a PlasTrace lot · PlasTrace');
  });

  it('says clearly when the id is neither a lot nor a delivery receipt', async () => {
    fakeApi({
      [`GET ${URL_}`]: apiError(404, 'not_found', 'Lot not found'),
      [`GET ${DISPATCH_URL}`]: apiError(404, 'not_found', 'Dispatch not found'),
    });
    renderWithAuth(page('/verify/:recordId', VerifyPage), `/verify/${LOT_ID}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No PlasTrace lot or delivery receipt has this id',
    );
  });

  it('shows a delivery receipt’s public facts when the id is a dispatch’s', async () => {
    const server = fakeApi({
      [`GET ${URL_}`]: apiError(404, 'not_found', 'Lot not found'),
      [`GET ${DISPATCH_URL}`]: json(
        wire(publicDispatchSchema, {
          id: LOT_ID,
          organization: { name: 'EcoPlast Recycling Inc.', time_zone: 'Asia/Manila' },
          number: 'DS-2026-000004',
          delivery_receipt_no: 'DR-2026-000003',
          status: 'posted',
          dispatched_at: '2026-11-22T01:00:00.000Z',
          delivered_at: '2026-11-22T07:00:00.000Z',
          total_kg: '1000.000',
          received_kg: '997.000',
          facility_city: 'Valenzuela',
          lots: [{ lot_id: LOT_ID, code: 'MNL1-261122-0001', material: 'PET flake', kg: '1000.000' }],
        }),
      ),
    });
    renderWithAuth(page('/verify/:recordId', VerifyPage), `/verify/${LOT_ID}`);
    const facts = await screen.findByLabelText('Delivery receipt facts');
    expect(screen.getByRole('heading', { name: 'Verify a PlasTrace delivery receipt' })).toBeInTheDocument();
    expect(facts).toHaveTextContent('DR-2026-000003');
    expect(facts).toHaveTextContent('Delivered');
    expect(facts).toHaveTextContent('997 kg received');
    expect(screen.getByRole('table', { name: 'Lots on the receipt' })).toHaveTextContent('MNL1-261122-0001');
    expect(server.calls('GET', DISPATCH_URL)[0]?.headers.authorization).toBeUndefined();
  });

  describe('its record log section', () => {
    const publicLot = wire(publicLotSchema, {
      id: LOGGED_LOT_ID,
      organization: { name: 'EcoPlast Recycling Inc.', time_zone: 'Asia/Manila' },
      code: 'MNL1-261126-0001',
      material: 'PET bottles',
      polymer: 'PET',
      form: 'bottles',
      qty_kg: '1250.500',
      status: 'available',
      facility_city: 'Manila',
      received_on: '2026-11-26',
      created_at: '2026-11-26T01:45:00Z',
    });
    const notALotOrDispatch = (id: string) => ({
      [`GET /api/public/lots/${id}`]: apiError(404, 'not_found', 'Lot not found'),
      [`GET /api/public/dispatches/${id}`]: apiError(404, 'not_found', 'Dispatch not found'),
    });
    const logSection = () => screen.getByRole('region', { name: 'Record log' });

    it('verifies a receive record in the browser, with its facts, checks, bundle and command', async () => {
      const log = await makeTestLog();
      const server = fakeApi({ ...(await log.handlers()), ...notALotOrDispatch(RR_ID) });
      const click = catchDownloads();
      renderWithAuth(page('/verify/:recordId', VerifyPage), `/verify/${RR_ID}`);

      // The log is the only place that knows a receive record: the page is about one, not a lot.
      expect(await screen.findByRole('heading', { name: 'Verified' })).toBeInTheDocument();
      expect(
        screen.getByRole('heading', { level: 1, name: 'Verify a PlasTrace receive record' }),
      ).toBeInTheDocument();
      expect(screen.queryByText(/No PlasTrace lot or delivery receipt/)).not.toBeInTheDocument();
      const section = within(logSection());
      // Its latest version (the void) is leaf 4 of the 5, under the signed checkpoint.
      expect(section.getByRole('status')).toHaveTextContent(
        'Receive record RR-2026-000123, version 3 (voided), is leaf 4 of the 5 leaves under a checkpoint signed by plastrace.test/records.',
      );
      const checks = section.getByRole('list', { name: 'Checks' });
      expect(
        within(checks)
          .getAllByRole('listitem')
          .map((li) => li.textContent?.slice(0, 1)),
      ).toEqual(['✓', '✓', '✓', '✓', '✓', '✓', '✓']);
      expect(checks).toHaveTextContent('inclusion: leaf 4 of 5 leads to the checkpoint');
      // People's names, not ids.
      const facts = section.getByLabelText('What the record says');
      expect(facts).toHaveTextContent('RR-2026-000123');
      expect(facts).toHaveTextContent('Voided');
      expect(facts).toHaveTextContent('MNL1 · Manila MRF');
      expect(facts).toHaveTextContent('Junkshop');
      expect(facts).toHaveTextContent('1,250.5 kg');
      expect(section.getByRole('table', { name: 'Lines of the record' })).toHaveTextContent(
        'PET-BTL · PET bottles1,250.5 kgMNL1-261126-0001',
      );
      expect(facts).not.toHaveTextContent(RR_ID);
      // Where it is: the checkpoint's size and the time it was signed, and the leaf.
      const where = await section.findByLabelText('Where it is in the log');
      expect(where).toHaveTextContent('5 leaves');
      const signed = `Signed${formatDateTime(checkpointTime(5), 'Asia/Manila')}`;
      await waitFor(() => expect(where).toHaveTextContent(signed));
      expect(where).toHaveTextContent('Leaf index4');
      // Ids and hashes are technical details.
      const user = userEvent.setup();
      expect(section.queryByLabelText('Ids and hashes')).not.toBeInTheDocument();
      await user.click(section.getByText('Technical details'));
      const details = await section.findByLabelText('Ids and hashes');
      expect(details).toHaveTextContent(RR_ID);
      expect(details).toHaveTextContent(log.leaves[4] ?? 'missing');

      // The bundle, exactly as received, under its name; and the command that checks it offline.
      expect(section.getByLabelText('Signed checkpoint')).toHaveTextContent(
        log.latest.note.split('\n')[0] ?? '',
      );
      await user.click(section.getByRole('button', { name: 'Download proof bundle' }));
      expect(click).toHaveBeenCalledOnce();
      const link = click.mock.contexts[0] as HTMLAnchorElement;
      expect(link.download).toBe('plastrace-receive_record-RR-2026-000123.json');
      const saved = vi.mocked(URL.createObjectURL).mock.calls[0]?.[0] as Blob;
      expect(JSON.parse(await saved.text())).toEqual(await log.bundleFor(RR_ID));
      // The same bundle in compact form: bytes that decode to it.
      await user.click(section.getByRole('button', { name: 'Compact (.ptlb)' }));
      await waitFor(() => expect(click).toHaveBeenCalledTimes(2));
      expect((click.mock.contexts[1] as HTMLAnchorElement).download).toBe(
        'plastrace-receive_record-RR-2026-000123.ptlb',
      );
      const compact = vi.mocked(URL.createObjectURL).mock.calls[1]?.[0] as Blob;
      expect(compact.type).toBe('application/vnd.plastrace.log-bundle');
      expect(await decodeCompactBundle(new Uint8Array(await compact.arrayBuffer()))).toEqual(
        await log.bundleFor(RR_ID),
      );
      const command = `npx plastrace-verify plastrace-receive_record-RR-2026-000123.json --key '${log.key}'`;
      expect(section.getByText(command)).toBeInTheDocument();
      expect(section.getByRole('button', { name: 'Copy the command' })).toBeInTheDocument();

      // Nobody is signed in: no session sent, nothing reported.
      expect(server.calls('GET', `/api/log/records/${RR_ID}`)[0]?.headers.authorization).toBeUndefined();
      expect(transactionLog.size).toBe(0);
      expect(document.title).toBe('Verify a PlasTrace receive record · PlasTrace');
    });

    it('verifies a lot under its public facts', async () => {
      const log = await makeTestLog();
      fakeApi({
        ...(await log.handlers()),
        [`GET /api/public/lots/${LOGGED_LOT_ID}`]: json(publicLot),
      });
      renderWithAuth(page('/verify/:recordId', VerifyPage), `/verify/${LOGGED_LOT_ID}`);
      expect(await screen.findByLabelText('Lot facts')).toHaveTextContent('MNL1-261126-0001');
      expect(await screen.findByRole('heading', { name: 'Verified' })).toBeInTheDocument();
      const facts = within(logSection()).getByLabelText('What the record says');
      expect(facts).toHaveTextContent('PET-BTL · PET bottles');
      expect(facts).toHaveTextContent('Receive record RR-2026-000123');
      expect(within(logSection()).getByText(/plastrace-lot-MNL1-261126-0001\.json/)).toBeInTheDocument();
    });

    it('verifies a delivery receipt’s dispatch under its public facts', async () => {
      const log = await makeTestLog([{ snapshot: dispatchSnapshot(), version: 4, event: 'delivered' }]);
      fakeApi({
        ...(await log.handlers()),
        [`GET /api/public/lots/${DISPATCH_ID}`]: apiError(404, 'not_found', 'Lot not found'),
        [`GET /api/public/dispatches/${DISPATCH_ID}`]: json(
          wire(publicDispatchSchema, {
            id: DISPATCH_ID,
            organization: { name: 'EcoPlast Recycling Inc.', time_zone: 'Asia/Manila' },
            number: 'DS-2026-000004',
            delivery_receipt_no: 'DR-2026-000003',
            status: 'posted',
            dispatched_at: '2026-11-27T01:00:00.000Z',
            delivered_at: '2026-11-27T07:00:00.000Z',
            total_kg: '1000.000',
            received_kg: '997.000',
            facility_city: 'Manila',
            lots: [
              { lot_id: LOGGED_LOT_ID, code: 'MNL1-261126-0002', material: 'PET flakes', kg: '1000.000' },
            ],
          }),
        ),
      });
      renderWithAuth(page('/verify/:recordId', VerifyPage), `/verify/${DISPATCH_ID}`);
      expect(await screen.findByLabelText('Delivery receipt facts')).toHaveTextContent('DR-2026-000003');
      expect(await screen.findByRole('heading', { name: 'Verified' })).toBeInTheDocument();
      expect(within(logSection()).getByRole('status')).toHaveTextContent(
        'Dispatch record DS-2026-000004, version 4 (delivered), is leaf 0 of the 1 leaf',
      );
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
        'Verify a PlasTrace delivery receipt',
      );
    });

    it('says Not verified, and why, when the snapshot was changed', async () => {
      const log = await makeTestLog();
      const bundle = await log.bundleFor(LOGGED_LOT_ID);
      fakeApi({
        ...(await log.handlers()),
        [`GET /api/public/lots/${LOGGED_LOT_ID}`]: json(publicLot),
        [`GET /api/log/records/${LOGGED_LOT_ID}`]: json({
          ...bundle,
          snapshot: { ...lotSnapshot(), initial_kg: '2250.500' },
        }),
      });
      renderWithAuth(page('/verify/:recordId', VerifyPage), `/verify/${LOGGED_LOT_ID}`);
      const verdict = await screen.findByRole('heading', { name: /^Not verified: / });
      expect(verdict.textContent).toMatch(/snapshot/i);
      const checks = within(logSection()).getByRole('list', { name: 'Checks' });
      expect(
        within(checks)
          .getAllByRole('listitem')
          .map((li) => li.textContent?.slice(0, 1)),
      ).toEqual(['✓', '✗']);
      expect(
        within(logSection()).getByText('Not verified: these facts may have been changed.'),
      ).toBeInTheDocument();
    });

    it('warns when the database no longer says what was logged, while the proof still holds', async () => {
      const log = await makeTestLog();
      fakeApi({
        ...(await log.handlers()),
        [`GET /api/public/lots/${LOGGED_LOT_ID}`]: json(publicLot),
        [`GET /api/log/records/${LOGGED_LOT_ID}/history`]: json(log.historyOf(LOGGED_LOT_ID, false)),
      });
      renderWithAuth(page('/verify/:recordId', VerifyPage), `/verify/${LOGGED_LOT_ID}`);
      expect(await within(logSection()).findByText('Changed without being logged')).toBeInTheDocument();
      expect(await screen.findByRole('heading', { name: 'Verified' })).toBeInTheDocument();
    });

    it('says plainly when the record is not in the log, and keeps the rest of the page', async () => {
      fakeApi({
        [`GET /api/public/lots/${LOGGED_LOT_ID}`]: json(publicLot),
        [`GET /api/log/records/${LOGGED_LOT_ID}`]: apiError(404, 'not_found', 'Logged record not found'),
      });
      renderWithAuth(page('/verify/:recordId', VerifyPage), `/verify/${LOGGED_LOT_ID}`);
      expect(await screen.findByText(/This record is not in the record log/)).toBeInTheDocument();
      expect(screen.getByLabelText('Lot facts')).toHaveTextContent('MNL1-261126-0001');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });

    it('shows a failure to reach the log with a retry, under the lot', async () => {
      fakeApi({
        [`GET /api/public/lots/${LOGGED_LOT_ID}`]: json(publicLot),
        [`GET /api/log/records/${LOGGED_LOT_ID}`]: apiError(
          503,
          'service_unavailable',
          'The database is busy',
        ),
      });
      renderWithAuth(page('/verify/:recordId', VerifyPage), `/verify/${LOGGED_LOT_ID}`);
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('The record log could not be loaded');
      expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
      expect(screen.getByLabelText('Lot facts')).toBeInTheDocument();
    });

    it('asks again while a record just posted is being placed, then verifies it', async () => {
      useControlledTimers();
      const log = await makeTestLog();
      const bundle = await log.bundleFor(RR_ID);
      const conflict = apiError(
        409,
        'conflict',
        'Its latest change is being added to the log: try again in a second',
      );
      let asked = 0;
      const server = fakeApi({
        ...(await log.handlers()),
        ...notALotOrDispatch(RR_ID),
        [`GET /api/log/records/${RR_ID}`]: (request) =>
          ++asked < 3 ? conflict(request) : Response.json(bundle),
      });
      renderWithAuth(page('/verify/:recordId', VerifyPage), `/verify/${RR_ID}`);
      expect(await screen.findByRole('heading', { name: 'Verified' })).toBeInTheDocument();
      expect(server.calls('GET', `/api/log/records/${RR_ID}`)).toHaveLength(3);
    });

    it('says the record is being added when it stays queued, and checks again on request', async () => {
      useControlledTimers();
      const server = fakeApi({
        ...notALotOrDispatch(RR_ID),
        [`GET /api/log/records/${RR_ID}`]: apiError(
          409,
          'conflict',
          'Its latest change is being added to the log: try again in a second',
        ),
      });
      renderWithAuth(page('/verify/:recordId', VerifyPage), `/verify/${RR_ID}`);
      expect(
        await screen.findByText('Its latest change is being added to the record log: refresh in a moment.'),
      ).toBeInTheDocument();
      expect(server.calls('GET', `/api/log/records/${RR_ID}`)).toHaveLength(BUNDLE_ATTEMPTS);
      // Not the "no such record" alert: the record exists.
      expect(screen.queryByText(/No PlasTrace lot or delivery receipt/)).not.toBeInTheDocument();
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.click(screen.getByRole('button', { name: 'Check again' }));
      await waitFor(() =>
        expect(server.calls('GET', `/api/log/records/${RR_ID}`)).toHaveLength(2 * BUNDLE_ATTEMPTS),
      );
    });
  });
});
