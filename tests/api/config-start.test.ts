// A wrong setting stops the start with one line naming the variable (src/server/features/index.ts,
// CONFIG_VARIABLES: each row's kind), not a stack trace; the server as operators run it.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, loadConfig } from '../../src/server/features/index.ts';
import { startMainProcess } from '../support/main-process.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'config-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** What starting the server with `env` printed before it stopped. */
async function refusedStart(env: Record<string, string>): Promise<string> {
  const error = await startMainProcess(dataDir, env).then(
    (main) => {
      main.child.kill('SIGKILL');
      return null;
    },
    (reason: Error & { exitCode?: number | null }) => reason,
  );
  expect(error, 'the server started').not.toBeNull();
  expect(error!.exitCode).toBe(1);
  return error!.message;
}

describe('a wrong configuration value', () => {
  it('stops the server at start with a message naming the variable and what it must be, and no stack trace', async () => {
    const printed = await refusedStart({ SHUTDOWN_GRACE_MS: 'soon' });
    expect(printed).toContain('The server stopped (exit code 1) before printing');
    expect(printed).toContain('the configuration is wrong: SHUTDOWN_GRACE_MS must be a non-negative number, got "soon".');
    expect(printed).not.toMatch(/^\s+at /m);
  });

  it.each([
    ['ALTCHA_COST', '0', 'must be a whole number of at least 1'],
    ['S3_FORCE_PATH_STYLE', 'yes', 'must be true or false'],
    ['ALERT_WEBHOOK_HTTP_LOOPBACK', 'on', 'must be true or false'],
    ['OPENAI_BASE_URL', 'api.example.com', 'must be a URL'],
    ['RATE_LIMIT_PER_MINUTE', '-1', 'must be a non-negative number'],
  ])('%s=%s: %s', (name, value, must) => {
    expect(() => loadConfig({ [name]: value })).toThrow(`${name} ${must}, got "${value}".`);
  });

  it('every default in the table is a value of its own kind, so an unset variable never stops the start', () => {
    expect(CONFIG_VARIABLES.length).toBeGreaterThan(40);
    expect(() => loadConfig({})).not.toThrow();
  });

  it('never repeats a secret it was given: text settings are not checked by kind', () => {
    expect(() => loadConfig({ JWT_SECRET: 'x', SMTP_URL: 'ftp://user:hunter2@mail' })).toThrow(/SMTP_URL must start with smtp:\/\/ or smtps:\/\//);
    expect(() => loadConfig({ SMTP_URL: 'ftp://user:hunter2@mail' })).not.toThrow(/hunter2/);
  });
});
