import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * Another install running at the same time (a second test layer installing LibreOffice while this one installs
 * Chromium, unattended upgrades) holds the package manager's lock: wait for it, up to 10 minutes, instead of failing.
 */
export const APT_WAITS = ['-o', 'DPkg::Lock::Timeout=600'];

/**
 * A Debian package a test needs (Chromium for the browser tests, LibreOffice to read exported workbooks):
 * installed with apt-get when it is missing and we are root, else the test stops with one line saying how.
 * Never skipped.
 */
export function ensureDebianPackage(binary: string, pkg: string, purpose: string): void {
  if (existsSync(binary)) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`${purpose} is missing at ${binary}: run 'sudo apt-get update && sudo apt-get install -y ${pkg}', then npm test again.`);
  }
  console.log(`Installing Debian ${pkg} for the tests…`);
  execFileSync('apt-get', [...APT_WAITS, 'update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', [...APT_WAITS, 'install', '-y', '-qq', pkg], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (!existsSync(binary)) throw new Error(`apt-get finished but ${binary} is still missing.`);
}
