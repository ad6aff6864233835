import { inflateSync } from 'node:zlib';

/**
 * The text drawn on a PDF's pages, each run of text followed by "|". pdfkit writes standard-font text as
 * hex strings inside deflated content streams; this reads exactly that, for tests of our own documents.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  let text = '';
  // Each stream is exactly its /Length bytes long: compressed bytes may end in a line break themselves,
  // so finding its end by searching for "endstream" would now and then cut one short.
  for (const m of raw.matchAll(/\/Length (\d+)[^>]*>>\s*stream\r?\n/g)) {
    const start = (m.index ?? 0) + m[0].length;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, start + Number(m[1]))).toString('latin1');
    } catch {
      continue;
    }
    for (const op of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const hex = [...(op[1] ?? '').matchAll(/<([0-9a-f]*)>/gi)].map((h) => h[1]).join('');
      text += `${Buffer.from(hex, 'hex').toString('latin1')}|`;
    }
  }
  return text;
}

/** How many pages a PDF has. */
export const pdfPages = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;
