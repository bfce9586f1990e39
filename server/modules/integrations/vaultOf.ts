import type { ServerConfig } from '../../config';
import { createVault, loadVaultKey, type Vault } from './vault';

const vaults = new WeakMap<ServerConfig, Vault>();

/** The vault of this server's configuration, made once (reading or creating the key file only the first time). */
export function vaultOf(config: ServerConfig): Vault {
  let vault = vaults.get(config);
  if (!vault) {
    vault = createVault(loadVaultKey(config));
    vaults.set(config, vault);
  }
  return vault;
}
