import { parseOriginList } from './domain/origins';

/**
 * Where the clients send their calls and which host frames may talk to us.
 * build.mjs fills these from the environment at build time; tests and the
 * server get the same defaults, so a plain build talks to its own origin.
 */
declare const process: { env: Record<string, string | undefined> };

/** Each read is a literal `process.env.NAME` so the bundler can substitute it; outside a bundle it may not exist. */
/* @__NO_SIDE_EFFECTS__ */ function env(read: () => string | undefined): string | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

/* @__NO_SIDE_EFFECTS__ */ function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

export interface AppConfig {
  /** Base of our own API (staff and public clients). */
  apiBase: string;
  /** Base of the external integration / CRM-side widget host. */
  integrationBase: string;
  /** Origins of host CRM frames allowed to exchange bridge messages with us. */
  hostOrigins: readonly string[];
}

// Reads without side effects (the annotations), so a bundle drops the settings it does not use (the widget, with its 16 KB budget, reads one).
export const apiBase = trimSlash(env(() => process.env.API_BASE_URL) || '/api');
export const integrationBase = trimSlash(env(() => process.env.INTEGRATION_BASE_URL) || '/integration');
export const hostOrigins: readonly string[] = /* @__PURE__ */ parseOriginList(env(() => process.env.HOST_ORIGINS));

export const config: AppConfig = { apiBase, integrationBase, hostOrigins };
