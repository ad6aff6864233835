import { inclusionProof, leafHash, rootOf, toBase64 } from '@plastrace/verify';
import { describe, expect, it } from 'vitest';
import { bundleFileName, recordIdOf, recordTitle } from './facts.ts';
import { lotSnapshot, RR_ID, receiveSnapshot } from './testLog.ts';
import { verificationDescription } from './useReportVerification.ts';
import { inclusionPath } from './verification.ts';

describe('inclusionPath', () => {
  it('walks every proof of every tree up to 17 leaves to its root, each hash on its side', async () => {
    const leaves = await Promise.all(Array.from({ length: 17 }, (_, i) => leafHash(new Uint8Array([i]))));
    for (let size = 1; size <= leaves.length; size++) {
      const root = toBase64(await rootOf(leaves.slice(0, size)));
      for (let index = 0; index < size; index++) {
        const proof = (await inclusionProof(leaves.slice(0, size), index)).map(toBase64);
        const steps = await inclusionPath(toBase64(leaves[index] as Uint8Array), index, size, proof);
        expect(
          steps?.map((s) => s.sibling),
          `${index} of ${size}`,
        ).toEqual(proof);
        expect(steps?.at(-1)?.node ?? toBase64(leaves[index] as Uint8Array), `${index} of ${size}`).toBe(
          root,
        );
        // The last leaf of an odd tree climbs with no sibling on its right: every hash is on its left.
        if (index === size - 1) expect(steps?.every((s) => s.side === 'left')).toBe(true);
        if (index === 0) expect(steps?.every((s) => s.side === 'right')).toBe(true);
      }
    }
  });

  it('answers null for a proof that cannot be one', async () => {
    const leaves = await Promise.all([1, 2, 3].map((i) => leafHash(new Uint8Array([i]))));
    const proof = (await inclusionProof(leaves, 1)).map(toBase64);
    const leaf = toBase64(leaves[1] as Uint8Array);
    expect(await inclusionPath(leaf, 1, 3, proof.slice(1))).toBeNull();
    expect(await inclusionPath(leaf, 1, 3, [...proof, proof[0] ?? ''])).toBeNull();
    expect(await inclusionPath(leaf, 3, 3, proof)).toBeNull();
  });
});

describe('how a record is named', () => {
  it('by its number or code, else its id; the bundle file name safe on every file system', () => {
    expect(recordTitle('receive_record', RR_ID, receiveSnapshot())).toBe('receive record RR-2026-000123');
    expect(recordTitle('lot', 'x', lotSnapshot())).toBe('lot MNL1-261126-0001');
    expect(recordTitle('dispatch_record', RR_ID, { type: 'dispatch_record' })).toBe(
      `dispatch record ${RR_ID}`,
    );
    expect(bundleFileName('receive_record', RR_ID, receiveSnapshot())).toBe(
      'plastrace-receive_record-RR-2026-000123.json',
    );
    expect(bundleFileName('lot', RR_ID, { ...lotSnapshot(), code: 'lot:MNL1 / 7' })).toBe(
      'plastrace-lot-lot-MNL1-7.json',
    );
    expect(recordIdOf(` ${RR_ID.toUpperCase()} `)).toBe(RR_ID);
    expect(recordIdOf(`https://x.example/verify/${RR_ID}?utm=1`)).toBe(RR_ID);
    expect(recordIdOf('RR-2026-000123')).toBeNull();
  });

  it('describes a verification for the activity log', () => {
    const record = { type: 'receive_record', id: RR_ID, snapshot: receiveSnapshot() };
    expect(verificationDescription({ ok: true, record, index: 42, treeSize: 120, method: 'bundle' })).toBe(
      'Verified receive record RR-2026-000123 in the record log (leaf 42 of 120)',
    );
    expect(
      verificationDescription({ ok: false, reason: 'the signature does not verify', method: 'file' }),
    ).toBe('Could not verify a proof bundle in the record log: the signature does not verify');
  });
});
