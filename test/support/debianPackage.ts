import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

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
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', pkg], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (!existsSync(binary)) throw new Error(`apt-get finished but ${binary} is still missing.`);
}
