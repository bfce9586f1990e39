#!/usr/bin/env node
// `npm audit` for CI: fails on a high or critical advisory in a production dependency (what ships in the server and
// the bundles); lower ones and dev-only tools are reported, not failed on. When the audit service cannot be reached
// (offline, a mirror without the audit endpoint), it says so and does not fail the run.
import { spawnSync } from 'node:child_process';

const FAIL_AT = ['high', 'critical'];
const audit = (args) => {
  const result = spawnSync('npm', ['audit', '--json', ...args], { encoding: 'utf8', timeout: 120_000 });
  try {
    return JSON.parse(result.stdout);
  } catch {
    return { error: { summary: (result.stderr || String(result.error ?? 'no answer')).trim().split('\n').pop() } };
  }
};
const unreachable = (report) => !report?.metadata?.vulnerabilities;
const count = (report) => report.metadata.vulnerabilities;

const production = audit(['--omit=dev']);
if (unreachable(production)) {
  const why = production?.message || production?.error?.summary || 'no audit report';
  console.log(`npm audit: the audit service could not be reached (${why}); not checked, not failing the run.`);
  process.exit(0);
}
const all = audit([]);
const shown = (counts) => Object.entries(counts).filter(([severity, n]) => severity !== 'total' && n).map(([severity, n]) => `${n} ${severity}`).join(', ') || 'none';
console.log(`npm audit: production dependencies: ${shown(count(production))}${unreachable(all) ? '' : `; with dev tools: ${shown(count(all))}`}`);
const failing = Object.entries(production.vulnerabilities ?? {}).filter(([, item]) => FAIL_AT.includes(item.severity));
if (failing.length) {
  console.error(`npm audit: production dependencies with a ${FAIL_AT.join(' or ')} advisory (${failing.length}): ${failing.map(([name, item]) => `${name} (${item.severity})`).join(', ')}. Run 'npm audit --omit=dev' for details.`);
  process.exit(1);
}
