// Every way the property tests spoil a proof: each hash with one byte changed, each hash dropped, a
// hash added at either end or repeated, each pair of neighbours swapped.
export function spoiled(proof: readonly Uint8Array[], salt: number): { how: string; proof: Uint8Array[] }[] {
  const out: { how: string; proof: Uint8Array[] }[] = [];
  const stranger = new Uint8Array(32).fill(0x5a);
  proof.forEach((hash, j) => {
    out.push({ how: `hash ${j} changed`, proof: proof.map((h, k) => (k === j ? changed(h, salt + j) : h)) });
    out.push({ how: `hash ${j} dropped`, proof: proof.filter((_, k) => k !== j) });
    if (j + 1 < proof.length) {
      const swapped = [...proof];
      [swapped[j], swapped[j + 1]] = [proof[j + 1] as Uint8Array, hash];
      out.push({ how: `hashes ${j} and ${j + 1} swapped`, proof: swapped });
    }
  });
  out.push({ how: 'a hash added at the end', proof: [...proof, stranger] });
  out.push({ how: 'a hash added at the start', proof: [stranger, ...proof] });
  if (proof.length)
    out.push({ how: 'the last hash repeated', proof: [...proof, proof.at(-1) as Uint8Array] });
  return out;
}

/** The hash with one byte (chosen by `salt`) changed. */
export function changed(hash: Uint8Array, salt: number): Uint8Array {
  const copy = hash.slice();
  const at = (salt * 7) % copy.length;
  copy[at] = (copy[at] as number) ^ (1 << (salt % 8));
  return copy;
}
