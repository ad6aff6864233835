import type { ReferenceAccuracy, referenceCreateSchema, referenceListQuerySchema } from '@plastrace/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import { logChange } from '../activity/changes.ts';
import * as repo from './identification.repo.ts';
import { siteReferences } from './identification.service.ts';
import { toReference } from './identification.views.ts';
import { match } from './library.ts';
import { readSpectrum } from './spectrum-input.ts';

type Technique = 'FTIR' | 'NIR' | 'Raman';

export async function list(ctx: AppContext, caller: Caller, q: z.output<typeof referenceListQuerySchema>) {
  const rows = await repo.listReferences(ctx.db, caller.organizationId, {
    technique: q.technique,
    includeArchived: q.include_archived === 'true',
  });
  return { items: rows.map(toReference) };
}

/** Adds a labelled spectrum to the site library; it must process as a sample would. */
export async function create(ctx: AppContext, caller: Caller, body: z.output<typeof referenceCreateSchema>) {
  const { raw } = readSpectrum(body);
  return ctx.db.transaction(async (tx) => {
    const id = await repo.insertReference(tx, {
      organizationId: caller.organizationId,
      polymer: body.polymer,
      name: body.name,
      technique: body.technique,
      wavenumbers: raw.wavenumbers,
      intensities: raw.intensities,
      notes: body.notes ?? null,
      createdBy: caller.userId,
    });
    await logChange(tx, caller, {
      type: 'CREATE_RECORD',
      entityType: 'reference_spectrum',
      entityId: id,
      description: `Added ${body.technique} reference spectrum ${body.name} (${body.polymer}) to the site library`,
      after: {
        polymer: body.polymer,
        name: body.name,
        technique: body.technique,
        points: raw.wavenumbers.length,
      },
    });
    const row = await repo.getReference(tx, caller.organizationId, id);
    if (!row) throw new Error('reference spectrum vanished after insert');
    return toReference(row);
  });
}

export async function setArchived(ctx: AppContext, caller: Caller, id: string, archived: boolean) {
  return ctx.db.transaction(async (tx) => {
    const done = await repo.setReferenceArchived(tx, caller.organizationId, id, archived);
    if (!done) throw notFound('Reference spectrum');
    await logChange(tx, caller, {
      type: 'UPDATE_RECORD',
      entityType: 'reference_spectrum',
      entityId: id,
      description: `${archived ? 'Archived' : 'Restored'} reference spectrum ${done.name} (${done.polymer})`,
    });
    const row = await repo.getReference(tx, caller.organizationId, id);
    if (!row) throw notFound('Reference spectrum');
    return toReference(row);
  });
}

/**
 * Leave-one-out over the organization's own library of one technique: each spectrum of a polymer with
 * at least two is identified against all the others; top-1 counts when the best polymer is its label and
 * reaches the threshold (an "unknown" is a miss). The shipped library is left out: this measures the
 * site's instrument against itself.
 */
export async function accuracy(
  ctx: AppContext,
  caller: Caller,
  technique: Technique,
): Promise<ReferenceAccuracy> {
  const refs = await siteReferences(ctx.db, caller.organizationId, technique);
  const counts = new Map<string, number>();
  for (const r of refs) counts.set(r.polymer, (counts.get(r.polymer) ?? 0) + 1);
  const tally = new Map<string, { tested: number; correct: number }>();
  refs.forEach((r, i) => {
    if ((counts.get(r.polymer) ?? 0) < 2) return;
    const m = match(r.spectrum, [...refs.slice(0, i), ...refs.slice(i + 1)]);
    const t = tally.get(r.polymer) ?? { tested: 0, correct: 0 };
    t.tested++;
    if (m?.best?.polymer === r.polymer) t.correct++;
    tally.set(r.polymer, t);
  });
  const polymers = [...counts.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([polymer, spectra]) => {
      const t = tally.get(polymer) ?? { tested: 0, correct: 0 };
      return { polymer, spectra, ...t, accuracy: t.tested ? t.correct / t.tested : null };
    });
  const tested = polymers.reduce((s, p) => s + p.tested, 0);
  const correct = polymers.reduce((s, p) => s + p.correct, 0);
  return {
    technique,
    method:
      'Leave-one-out top-1 over the site library (polymers with at least 2 spectra); an unknown counts as a miss',
    overall: tested ? { tested, correct, accuracy: correct / tested } : null,
    polymers,
  };
}
