import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppConfig } from '../../src/config';

const CONFIG_SOURCE = join(__dirname, '..', '..', 'src', 'config.ts');
const SETTINGS = ['API_BASE_URL', 'INTEGRATION_BASE_URL', 'HOST_ORIGINS'] as const;
type Settings = Partial<Record<(typeof SETTINGS)[number], string>>;

/** src/config.ts read afresh in this process with the given environment (as the server and tests read it). */
async function configWithEnv(settings: Settings): Promise<AppConfig> {
  for (const name of SETTINGS) vi.stubEnv(name, settings[name] ?? '');
  for (const name of SETTINGS) if (settings[name] === undefined) delete process.env[name];
  vi.resetModules();
  return (await import('../../src/config')).config;
}

/**
 * src/config.ts bundled the way build.mjs bundles it (each setting replaced by a `define` of
 * `process.env.NAME`, an unset one by ''), then run where no `process` exists, as in a browser:
 * only what the bundler substituted can reach the config.
 */
async function configFromBundle(settings: Settings): Promise<AppConfig> {
  const define = Object.fromEntries(SETTINGS.map((name) => [`process.env.${name}`, JSON.stringify(settings[name] ?? '')]));
  const result = await build({
    entryPoints: [CONFIG_SOURCE],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'appConfig',
    platform: 'browser',
    define,
    logLevel: 'silent',
  });
  const sandbox: { appConfig?: { config: AppConfig } } = {};
  runInNewContext(`${result.outputFiles[0].text}\nthis.appConfig = appConfig;`, sandbox);
  return JSON.parse(JSON.stringify(sandbox.appConfig?.config)) as AppConfig;
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('src/config.ts read from the environment', () => {
  it('defaults: /api, /integration and no host origins', async () => {
    expect(await configWithEnv({})).toEqual({ apiBase: '/api', integrationBase: '/integration', hostOrigins: [] });
  });

  it('empty settings count as unset', async () => {
    expect(await configWithEnv({ API_BASE_URL: '', INTEGRATION_BASE_URL: '', HOST_ORIGINS: '' })).toEqual({
      apiBase: '/api',
      integrationBase: '/integration',
      hostOrigins: [],
    });
  });

  it('takes the bases (without trailing slashes) and the comma-separated origins, trimmed, empties dropped', async () => {
    const config = await configWithEnv({
      API_BASE_URL: 'https://api.example.com/v2/',
      INTEGRATION_BASE_URL: 'https://crm-side.example.com/integration//',
      HOST_ORIGINS: ' https://a.amocrm.ru , https://b.bitrix24.ru,,  ',
    });
    expect(config).toEqual({
      apiBase: 'https://api.example.com/v2',
      integrationBase: 'https://crm-side.example.com/integration',
      hostOrigins: ['https://a.amocrm.ru', 'https://b.bitrix24.ru'],
    });
  });
});

describe('src/config.ts in a bundle (build-time substitution, no process object)', () => {
  it('gets every setting from the substituted values', async () => {
    const config = await configFromBundle({
      API_BASE_URL: 'https://api.example.com/',
      INTEGRATION_BASE_URL: 'https://crm-side.example.com/integration',
      HOST_ORIGINS: 'https://a.amocrm.ru,https://b.kommo.com',
    });
    expect(config).toEqual({
      apiBase: 'https://api.example.com',
      integrationBase: 'https://crm-side.example.com/integration',
      hostOrigins: ['https://a.amocrm.ru', 'https://b.kommo.com'],
    });
  });

  it("falls back to the defaults when the build substitutes ''", async () => {
    expect(await configFromBundle({})).toEqual({ apiBase: '/api', integrationBase: '/integration', hostOrigins: [] });
  });
});

describe('build.mjs', () => {
  it.each(SETTINGS)('substitutes process.env.%s from the build environment', (name) => {
    const buildScript = readFileSync(join(__dirname, '..', '..', 'build.mjs'), 'utf8');
    expect(buildScript).toMatch(new RegExp(`'process\\.env\\.${name}':\\s*JSON\\.stringify\\(process\\.env\\.${name}\\b`));
  });
});
