/** The meta tag of the shell's page through which the server hands the shell its run-time list. */
export const HOST_ORIGINS_META = 'stockroom-host-origins';

/** A written list (`HOST_ORIGINS`, the meta tag): comma-separated, entries trimmed, blanks dropped. */
export function parseOriginList(text: string | null | undefined): string[] {
  return (text ?? '').split(',').map((origin) => origin.trim()).filter(Boolean);
}

/**
 * The allow-list of CRM origins (HOST_ORIGINS). Every amoCRM/Kommo account and every Bitrix24 portal
 * is its own subdomain, so besides exact origins (`https://shop.amocrm.ru`) an entry may name all
 * subdomains of a domain: `https://*.amocrm.ru` — the form CSP's frame-ancestors takes as well.
 * The wildcard stands for one or more labels left of the domain, never the domain itself; scheme
 * and port must match as written. Entries are written in lower case, as browsers send origins.
 */
export function originAllowed(origin: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) => {
    const [scheme, domain] = pattern.split('://*');
    return origin === pattern || (domain?.[0] === '.' && origin.startsWith(`${scheme}://`) && origin.endsWith(domain) && /^[\w-]+(\.[\w-]+)*$/.test(origin.slice(scheme.length + 3, -domain.length)));
  });
}
