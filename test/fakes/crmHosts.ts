import { execFileSync } from 'node:child_process';
import dns from 'node:dns';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A CRM's real host names (acme.kommo.com) on this machine, which has no network: the fake serves HTTPS with a
 * certificate made here for those names, and the names resolve to 127.0.0.1 — the system resolver's part, as a
 * hosts-file line would do, not our code's. So a test proves our client calls the host the connection names, over
 * https, without a loopback exception.
 */
export function selfSignedCertificate(names: readonly string[]): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'crm-cert-'));
  try {
    const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
    const alt = names.map((name) => `DNS:${name}`).join(',');
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', `/CN=${names[0]}`, '-addext', `subjectAltName=${alt}`], { stdio: 'ignore' });
    return { key: readFileSync(key, 'utf8'), cert: readFileSync(cert, 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/**
 * Names ending in one of `suffixes` resolve to 127.0.0.1, and this process skips certificate checks (so the fake's own is taken); the
 * answer undoes both. Node's fetch reads the CA list at start, so the certificate cannot be added to it later: the
 * check is switched off for the test's lifetime only.
 */
export function crmHostsOnLoopback(suffixes: readonly string[]): () => void {
  const original = dns.lookup;
  const previousTls = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  const patched = (host: string, options: unknown, callback?: LookupCallback) => {
    const done = (typeof options === 'function' ? options : callback) as LookupCallback;
    const opts = (typeof options === 'object' && options ? options : {}) as dns.LookupOptions;
    if (!suffixes.some((suffix) => host.endsWith(suffix))) return (original as (...args: unknown[]) => void)(host, options, callback);
    if (opts.all) done(null, [{ address: '127.0.0.1', family: 4 }]);
    else done(null, '127.0.0.1', 4);
  };
  (dns as { lookup: unknown }).lookup = patched;
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  return () => {
    (dns as { lookup: unknown }).lookup = original;
    if (previousTls === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    else process.env.NODE_TLS_REJECT_UNAUTHORIZED = previousTls;
  };
}
