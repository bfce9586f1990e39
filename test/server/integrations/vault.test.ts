import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createVault, keyFromText, loadVaultKey } from '../../../server/modules/integrations/vault';

describe('integration secrets at rest', () => {
  const key = Buffer.alloc(32, 7);

  it('rule: a sealed token does not contain the token and opens back to the same value', () => {
    const vault = createVault(key);
    const sealed = vault.seal({ access_token: 'secret-access-123', refresh_token: 'secret-refresh-456' });
    expect(sealed).not.toContain('secret-access');
    expect(Buffer.from(sealed.split('.')[3]!, 'base64url').toString('latin1')).not.toContain('secret');
    expect(vault.open(sealed)).toEqual({ access_token: 'secret-access-123', refresh_token: 'secret-refresh-456' });
    expect(vault.seal('x')).not.toBe(vault.seal('x'));
  });

  it('rule: another key or a changed byte fails to open instead of giving garbage', () => {
    const sealed = createVault(key).seal('token');
    expect(() => createVault(Buffer.alloc(32, 8)).open(sealed)).toThrow();
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] = body[0]! ^ 1;
    expect(() => createVault(key).open([parts[0], parts[1], parts[2], body.toString('base64url')].join('.'))).toThrow();
  });

  it('rule: openOrNull gives the value where open does, and null where open throws (another key, a changed byte, no sealed value)', () => {
    const vault = createVault(key);
    const sealed = vault.seal({ secret: 'abc' });
    expect(vault.openOrNull(sealed)).toEqual({ secret: 'abc' });
    expect(createVault(Buffer.alloc(32, 8)).openOrNull(sealed)).toBeNull();
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] = body[0]! ^ 1;
    expect(vault.openOrNull([parts[0], parts[1], parts[2], body.toString('base64url')].join('.'))).toBeNull();
    expect(vault.openOrNull('v1:sealed-by-another-key')).toBeNull();
  });

  it('rule: INTEGRATION_KEY must be 32 bytes; without it one key file is made in the data folder and kept', () => {
    expect(() => keyFromText('short')).toThrow(/32 bytes/);
    expect(keyFromText('ab'.repeat(32))).toHaveLength(32);
    const dataDir = mkdtempSync(join(tmpdir(), 'vault-'));
    const first = loadVaultKey({ integrationKey: null, dataDir });
    expect(loadVaultKey({ integrationKey: null, dataDir })).toEqual(first);
    expect(statSync(join(dataDir, 'integration.key')).mode & 0o077).toBe(0);
    expect(readFileSync(join(dataDir, 'integration.key'), 'utf8')).toHaveLength(64);
  });
});
