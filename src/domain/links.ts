/** Customer links (spec 2 §5, issue 12 §4): its own module, so only what checks links carries it. */

/** Schemes a customer link may use: it is shown as a link, and javascript:, data: or vbscript: would run in our page. */
const SAFE_LINK_SCHEMES: ReadonlySet<string> = new Set(['http:', 'https:', 'mailto:', 'tel:']);

/**
 * Whether a customer link is empty or an absolute http, https, mailto or tel address. Read as the
 * browser reads an href (the URL parser drops tabs and newlines, so 'java\tscript:' is javascript:).
 */
export function isSafeLink(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed === '') return true;
  try {
    return SAFE_LINK_SCHEMES.has(new URL(trimmed).protocol);
  } catch {
    return false;
  }
}
