import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Runs every axe-core rule tagged WCAG 2.0/2.1 A and AA on the page; returns one line per
 * serious or critical violation and element (what, where, and axe's own summary of why).
 */
export async function seriousWcagViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, which the page's CSP does not govern.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    interface AxeNode {
      target: unknown[];
      failureSummary?: string;
    }
    interface AxeViolation {
      id: string;
      impact: string | null;
      nodes: AxeNode[];
    }
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags } });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) =>
        v.nodes.map(
          (n) =>
            `${v.impact} ${v.id}: ${JSON.stringify(n.target)} — ${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 240)}`,
        ),
      );
  }, WCAG_21_AA);
}
