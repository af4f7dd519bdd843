import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** axe-core rules about names: every button, link, field and ARIA control must have one. */
const NAME_RULES = [
  'button-name',
  'link-name',
  'label',
  'select-name',
  'input-button-name',
  'aria-input-field-name',
  'aria-command-name',
  'aria-toggle-field-name',
  'image-alt',
  'svg-img-alt',
];

/** Runs axe-core's naming rules on the page; returns one line per violating element. */
export async function checkAccessibleNames(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, which the page's CSP does not govern.
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (rules) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            opts: object,
          ) => Promise<{ violations: { id: string; nodes: { target: unknown[] }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { runOnly: { type: 'rule', values: rules } });
    return result.violations.flatMap((v) =>
      v.nodes.map((n) => `${v.id}: ${JSON.stringify(n.target)}`),
    );
  }, NAME_RULES);
}
