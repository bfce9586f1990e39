import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core's own browser build, injected as it ships (node_modules/axe-core/axe.min.js). */
const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** One axe finding, cut down to what a failing assertion needs to show. */
export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  /** The first few offending elements, as CSS selectors (for contrast, with the colours and ratio axe measured). */
  targets: string[];
}

/**
 * The page's serious and critical accessibility findings. The app's CSP refuses inline scripts, so the page's
 * context must be opened with `bypassCSP: true` for the injected axe to run. Transitions are switched off first:
 * a button caught half-way through a fade-in would be measured at a contrast it never settles on.
 */
export async function seriousFindings(page: Page): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_SCRIPT });
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
  return page.evaluate(async () => {
    type Node = { target: unknown[]; any: { data?: { fgColor?: string; bgColor?: string; contrastRatio?: number } | null }[] };
    const axe = (window as unknown as { axe: { run(context: Document): Promise<{ violations: { id: string; impact?: string | null; help: string; nodes: Node[] }[] }> } }).axe;
    const measured = (node: Node) => {
      const data = node.any.find((check) => check.data?.fgColor)?.data;
      return data ? ` (${data.fgColor} on ${data.bgColor}: ${data.contrastRatio})` : '';
    };
    const { violations } = await axe.run(document);
    return violations
      .filter((finding) => finding.impact === 'serious' || finding.impact === 'critical')
      .map((finding) => ({
        rule: finding.id,
        impact: finding.impact ?? '',
        help: finding.help,
        targets: finding.nodes.slice(0, 8).map((node) => `${node.target.map(String).join(' ')}${measured(node)}`),
      }));
  });
}
