// A copy of the compiled forms (build/forms) in which some forms open, close or fill up: their
// definitions' opens / closes / maxResponses / maxResponsesPerVenue set as a build of such a
// definition would write them (the compiled form carries its resolved definition). A server started
// on the copy (formsBuildDir) is the server of those test definitions; the shipped forms stay unlimited.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { formsBuildDir } from './server.ts';

export interface QuotaSettings {
  opens?: string;
  closes?: string;
  maxResponses?: number;
  maxResponsesPerVenue?: number;
}

/** A Doha date-time (as a definition writes it) `ms` from now: to open or close a form during a test. */
export const dohaFromNow = (ms: number) => new Date(Date.now() + ms + 3 * 3600_000).toISOString().slice(0, 19);

/** Writes the build copy with each form's settings and returns its directory. */
export function buildWithQuotas(settings: Record<string, QuotaSettings>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'venue-forms-quotas-'));
  fs.cpSync(formsBuildDir(), dir, { recursive: true });
  for (const [formId, quota] of Object.entries(settings)) {
    const file = path.join(dir, `${formId}.json`);
    const compiled = JSON.parse(fs.readFileSync(file, 'utf8'));
    compiled.form = { ...compiled.form, ...quota };
    fs.writeFileSync(file, JSON.stringify(compiled));
  }
  return dir;
}
