import { canonicalize, encodeCompactBundle } from '@plastrace/verify';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { transactionLog } from '../../auth/transactionLog.ts';
import { fakeApi } from '../../test/fakeApi.ts';
import { page, signInAs } from '../../test/pages.ts';
import { renderWithAuth } from '../../test/render.tsx';
import { LOT_ID, makeSigner, makeTestLog, RR_ID } from './testLog.ts';
import { VerificationPage } from './VerificationPage.tsx';

const PATH = '/blockchain-verification';

function renderPage(path = PATH) {
  return renderWithAuth(page(PATH, VerificationPage), path);
}

const bundleFile = (content: unknown, name = 'plastrace-lot-MNL1-261126-0001.json') =>
  new File([typeof content === 'string' ? content : JSON.stringify(content, null, 2)], name, {
    type: 'application/json',
  });

const result = () => screen.getByRole('region', { name: /^(Record|Proof bundle) / });

describe('Verify a record', () => {
  it('verifies a record by its id and reports it to the activity log', async () => {
    const log = await makeTestLog();
    const report = vi.spyOn(transactionLog, 'log');
    fakeApi({ ...signInAs('operator'), ...(await log.handlers()) });
    const { router } = renderPage();
    const user = userEvent.setup();

    await user.type(await screen.findByRole('textbox', { name: 'Record id' }), RR_ID);
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('heading', { name: 'Verified' })).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?id=${RR_ID}`);
    expect(within(result()).getByLabelText('What the record says')).toHaveTextContent('RR-2026-000123');
    await waitFor(() => expect(report).toHaveBeenCalledOnce());
    expect(report.mock.calls[0]?.[0]).toMatchObject({
      transactionType: 'BLOCKCHAIN_VERIFY',
      description: 'Verified receive record RR-2026-000123 in the record log (leaf 4 of 5)',
      referenceId: RR_ID,
      metadata: { recordType: 'receive_record', verified: true, method: 'bundle', leafIndex: 4, treeSize: 5 },
    });
    expect(document.title).toBe('Verify a record · PlasTrace');
  });

  it('takes a /verify link pasted whole, and refuses what is not a record id before asking', async () => {
    const log = await makeTestLog();
    const server = fakeApi({ ...signInAs('auditor'), ...(await log.handlers()) });
    renderPage();
    const user = userEvent.setup();
    const field = await screen.findByRole('textbox', { name: 'Record id' });

    await user.type(field, 'RR-2026-000123');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(field).toHaveAccessibleDescription(/UUID/i);
    expect(server.requests.filter((r) => r.path.startsWith('/api/log/'))).toEqual([]);

    await user.clear(field);
    await user.type(field, `https://plastrace.example/verify/${LOT_ID}`);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Verified' })).toBeInTheDocument();
    expect(within(result()).getByLabelText('What the record says')).toHaveTextContent('MNL1-261126-0001');
  });

  it('verifies a record from the address alone, signed out, reporting nothing', async () => {
    const log = await makeTestLog();
    const report = vi.spyOn(transactionLog, 'log');
    fakeApi(await log.handlers());
    renderPage(`${PATH}?id=${LOT_ID}`);
    expect(await screen.findByRole('heading', { name: 'Verified' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Record id' })).toHaveValue(LOT_ID);
    expect(report).not.toHaveBeenCalled();
  });

  it('verifies a chosen bundle file in the browser against the server’s key', async () => {
    const log = await makeTestLog();
    const report = vi.spyOn(transactionLog, 'log');
    const server = fakeApi({ ...signInAs('manager'), ...(await log.handlers()) });
    renderPage();
    const user = userEvent.setup();

    await user.upload(
      await screen.findByLabelText('Proof bundle file'),
      bundleFile(await log.bundleFor(LOT_ID)),
    );

    expect(await screen.findByRole('heading', { name: 'Verified' })).toBeInTheDocument();
    expect(result()).toHaveAccessibleName('Proof bundle plastrace-lot-MNL1-261126-0001.json');
    expect(within(result()).getByLabelText('What the record says')).toHaveTextContent(
      'PET-BTL · PET bottles',
    );
    // The record itself was never asked for: the file is checked where it is.
    expect(server.calls('GET', `/api/log/records/${LOT_ID}`)).toHaveLength(0);
    await waitFor(() => expect(report).toHaveBeenCalledOnce());
    expect(report.mock.calls[0]?.[0]).toMatchObject({
      description: 'Verified lot MNL1-261126-0001 in the record log (leaf 1 of 5)',
      metadata: { method: 'file', verified: true },
    });
  });

  it('verifies a compact bundle file, and refuses one with a byte changed', async () => {
    const log = await makeTestLog();
    fakeApi({ ...signInAs('operator'), ...(await log.handlers()) });
    renderPage();
    const user = userEvent.setup();
    const bytes = encodeCompactBundle(await log.bundleFor(LOT_ID));
    const ptlb = (content: Uint8Array, name: string) =>
      new File([content.slice().buffer], name, { type: 'application/vnd.plastrace.log-bundle' });

    await user.upload(await screen.findByLabelText('Proof bundle file'), ptlb(bytes, 'lot.ptlb'));
    expect(await screen.findByRole('heading', { name: 'Verified' })).toBeInTheDocument();
    expect(result()).toHaveAccessibleName('Proof bundle lot.ptlb');
    expect(within(result()).getByLabelText('What the record says')).toHaveTextContent(
      'PET-BTL · PET bottles',
    );

    // One bit of the last proof hash flipped: the root computed from it is not the one signed.
    // The file ends with the snapshot's canonical JSON after its length (a 2-byte varint here).
    const bundle = await log.bundleFor(LOT_ID);
    const snapshotBytes = new TextEncoder().encode(canonicalize(bundle.snapshot)).length;
    expect(snapshotBytes).toBeGreaterThan(127);
    expect(snapshotBytes).toBeLessThan(16_384);
    const changed = bytes.slice();
    const lastProofByte = bytes.length - snapshotBytes - 2 - 1;
    changed[lastProofByte] = (changed[lastProofByte] ?? 0) ^ 1;
    await user.upload(screen.getByLabelText('Proof bundle file'), ptlb(changed, 'changed.ptlb'));
    expect(await screen.findByRole('heading', { name: /^Not verified: / })).toBeInTheDocument();
  });

  it('verifies a dropped file against a pasted key, without asking the server for its key', async () => {
    const log = await makeTestLog();
    const stranger = await makeSigner('other.example/records');
    const server = fakeApi(await log.handlers());
    renderPage();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('checkbox', { name: /Use another key/ }));
    const keyField = screen.getByRole('textbox', { name: 'Log key' });
    await user.type(keyField, 'not a key');
    expect(await screen.findByText(/key/i, { selector: '.mantine-TextInput-error' })).toBeInTheDocument();

    // Another log's key: the signature is not its.
    await user.clear(keyField);
    await user.click(keyField);
    await user.paste(stranger.vkey);
    fireEvent.drop(screen.getByTestId('bundle-drop-zone'), {
      dataTransfer: { files: [bundleFile(await log.bundleFor(RR_ID))] },
    });
    const verdict = await screen.findByRole('heading', { name: /^Not verified: / });
    expect(verdict.textContent).toMatch(/sign/i);
    const checks = within(result()).getByRole('list', { name: 'Checks' });
    expect(within(checks).getAllByRole('listitem').at(-1)).toHaveTextContent(/^✗ signature/);

    // The log's own key, pasted.
    await user.clear(keyField);
    await user.click(keyField);
    await user.paste(log.key);
    expect(await screen.findByRole('heading', { name: 'Verified' })).toBeInTheDocument();
    expect(
      within(result()).getByText(new RegExp(`--key '${log.key.replaceAll('+', '\\+')}'`)),
    ).toBeInTheDocument();
    expect(server.calls('GET', '/api/log/public-key')).toHaveLength(0);
  });

  it('says a file that is not JSON is not a proof bundle, and a bundle of another form is not verified', async () => {
    const log = await makeTestLog();
    fakeApi(await log.handlers());
    renderPage();
    const user = userEvent.setup();
    const input = await screen.findByLabelText('Proof bundle file');

    await user.upload(input, bundleFile('this is not json', 'notes.json'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'notes.json is not a proof bundle: it is not JSON, nor a compact bundle.',
    );

    await user.upload(input, bundleFile({ format: 'something/else' }, 'other.json'));
    const verdict = await screen.findByRole('heading', { name: /^Not verified: / });
    expect(verdict).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(within(result()).getByRole('list', { name: 'Checks' })).toHaveTextContent(/^✗ format/);
  });

  it('reads a label’s QR code with the camera and verifies the lot it names', async () => {
    const log = await makeTestLog();
    fakeApi(await log.handlers());
    const stop = vi.fn();
    vi.stubGlobal(
      'BarcodeDetector',
      class {
        detect = async () => [{ rawValue: `https://plastrace.example/verify/${LOT_ID}` }];
      },
    );
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: async () => ({ getTracks: () => [{ stop }] }) },
    });
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const { router } = renderPage();

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Scan a QR code' }));
    expect(await screen.findByRole('heading', { name: 'Verified' })).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?id=${LOT_ID}`);
    expect(screen.queryByRole('dialog', { name: 'Scan a lot label' })).not.toBeInTheDocument();
    expect(stop).toHaveBeenCalled();
    Reflect.deleteProperty(navigator, 'mediaDevices');
  });
});
