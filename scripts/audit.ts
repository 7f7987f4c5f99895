// npm run audit: `npm audit --omit=dev` (the packages the server and pages ship with). Where the
// registry's advisory endpoint cannot be reached (offline, or a mirror answering 405), it says so
// and exits 0: no audit was possible there, which is not a finding. Vulnerabilities still fail it.
import { spawnSync } from 'node:child_process';

const audit = spawnSync('npm', ['audit', '--omit=dev'], { encoding: 'utf8' });
process.stdout.write(audit.stdout ?? '');
const output = `${audit.stdout ?? ''}\n${audit.stderr ?? ''}`;
const unreachable = /audit endpoint returned an error|advisories\/bulk|E(NOTFOUND|AI_AGAIN|CONNREFUSED|CONNRESET|TIMEDOUT)|network request .* failed/i;

if (audit.error) {
  console.error(`npm run audit: could not run npm (${audit.error.message}).`);
  process.exit(1);
}
if (audit.status !== 0 && unreachable.test(output)) {
  const reason =
    /audit \d{3} [^\n]*/.exec(output)?.[0] ??
    output
      .split('\n')
      .find((line) => unreachable.test(line))
      ?.trim() ??
    'no answer';
  console.log(`npm run audit: the registry's advisory endpoint could not be reached (${reason}), so no audit was done here.`);
  console.log('Run `npm run audit` where the npm registry (or a mirror that serves audits) is reachable.');
  process.exit(0);
}
process.stderr.write(audit.stderr ?? '');
process.exit(audit.status ?? 1);
