import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type Violation = {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; html?: string }[];
};

/** axe-core's WCAG 2.1 A and AA rules on what the page shows now. */
export async function violations(page: Page): Promise<Violation[]> {
  // Evaluated through the DevTools protocol: the app's CSP (script-src 'self') rightly refuses inline scripts.
  await page.evaluate(AXE);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: Violation[] }> };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({
        target: n.target,
        html: (n as unknown as { html: string }).html.slice(0, 300),
      })),
    }));
  });
}

/** One line a rule: its id, how many nodes, what it asks and the first nodes' HTML. */
export const summary = (vs: Violation[]) =>
  vs.map(
    (v) =>
      `${v.id} (${v.nodes.length}): ${v.help} — ${v.nodes
        .slice(0, 3)
        .map((n) => n.html ?? n.target.join(' '))
        .join(' | ')}`,
  );
