const adopted = new Set<string>();

/**
 * Puts a screen's stylesheet into the page once, when its module first runs. Screens import their CSS as text
 * (`import css from './x.css?raw'`) so it travels inside their own lazy chunk: esbuild would otherwise copy
 * every lazily imported stylesheet into the first load's CSS as well.
 */
export function adoptStyles(css: string, doc: Document | undefined = globalThis.document): void {
  if (!doc || adopted.has(css)) return;
  adopted.add(css);
  const style = doc.createElement('style');
  style.textContent = css;
  doc.head.append(style);
}
