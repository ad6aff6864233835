import type { EpcisCaptureResult, EpcisValidation, TraceDirection } from '@plastrace/shared';
import { api } from '../../api/client.ts';
import { fetchFile } from '../../api/download.ts';

// GS1 EPCIS 2.0 (docs/architecture.md, "EPCIS"): a traced lot's lineage events as one EPCIS document
// (every page of GET /api/epcis/events, followed by its Link headers), checked by the server against
// GS1's schema; partners' documents captured. EPCIS documents are sent and read as they are: their keys
// are GS1's, not our snake_case wire.

type EpcisDocument = { epcisBody: { eventList: unknown[] } } & Record<string, unknown>;

/** The lineage's events of a lot, every page, as one document. */
export async function fetchLineageEpcis(lotId: string, direction: TraceDirection): Promise<EpcisDocument> {
  let url: string | null =
    `/api/epcis/events?perPage=500&trace=${encodeURIComponent(lotId)}&direction=${direction}`;
  let document: EpcisDocument | null = null;
  for (let i = 0; url && i < 200; i++) {
    const response = await fetchFile(url);
    const page = (await response.json()) as EpcisDocument;
    if (document) document.epcisBody.eventList.push(...page.epcisBody.eventList);
    else document = page;
    url = /<([^>]+)>;\s*rel="next"/.exec(response.headers.get('link') ?? '')?.[1] ?? null;
  }
  if (!document) throw new Error('The export returned no document');
  return document;
}

const raw = { rawRequestBody: true, rawResponseBody: true } as const;

export const validateEpcis = (document: unknown) =>
  api.post<EpcisValidation>('/epcis/validate', document, raw);
export const captureEpcis = (document: unknown) =>
  api.post<EpcisCaptureResult>('/epcis/capture', document, raw);
