// The dining survey's JavaScript, in bytes (stable, unlike times): what its page loads before it is
// usable, from the build's manifest, gzip'd. npm run bench compares it with vanilla RJSF (target
// 0.85x); this keeps it from growing unnoticed.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const DIST = path.resolve(import.meta.dirname, '../../dist');
/**
 * KB of gzip -9; lower it when the page gets lighter. 200 since the page loads only its own
 * language's interface texts (build/messages/<lang>.json), leaves out the RJSF parts no form
 * reaches (vite.config.ts) and fetches the phone check only when a phone is answered (it is not
 * counted here: a dynamic import the form does not wait for); 195.5 since its phone carries the
 * dial codes only, and the country names come when the dial code is opened (build/countries/).
 * The staff pages' texts are a bundle of their own (build/messages/staff/, engine/text/i18n.ts isStaffText).
 * 197.5 since the engine form's split into hooks and a reducer, the uploads' claims and the
 * single-use human check after any answer (+1.1 KB; the kiosk's parts load only on a kiosk).
 * 195.5 since the page's modules come in fewer, larger chunks (scripts/lib/page-chunks.ts: 16 files, was 28).
 * 197 since forms post without JavaScript (features/native-post): the plain dial-code select
 * before hydration, the outcome of a post rendered by the server, the disabled send's note (+0.5 KB), and a waiver's thanks links the guest's signed copy (+0.7 KB).
 * 196.5 since the pages take react-router's production build (vite.config.ts: 196.1 KB).
 * 197.5 since forms are kept on the device offline (src/web/offline/: 195.9 -> 197.3 KB): the offline
 * banner, the queued thanks and the queue's notes load lazily, the service worker's registration after load.
 * 198.2 since staff pages come from the one page table (shell/routeObjects.tsx: each staff kind's permission and
 * navigation entry ride in the app chunk, +0.4 KB) and a definition names its staff name and list columns (+0.13 KB
 * in the compiled form the page loads): 198.0 KB.
 * 198.6 since the dining survey asks whether the guest may be contacted and names its contact (replies to the
 * guest, features/cases): 198.4 KB.
 * 199.0 since the guest's case page is a page of the table (routes.json kind case, its route, header and the texts
 * of its thread and answer box in every guest page's messages; the alerts' own texts stay in the staff file): 198.8 KB.
 * 199.3 since the page sends its view token back with the create (a submission's source, features/reach): 199.1 KB.
 * 200.1 since a form page says when its form opens, that it has closed or is full instead of the form (FormUnavailable,
 * its availability asked of the server, engine/quotas: +0.8 KB): 199.9 KB.
 * 200.4 since every thank-you panel may show a reporter's case code and secret (features/reporter: the panel's
 * texts in the language file, the panel itself loaded lazily; the reporter's page texts are the server's only,
 * engine/text/i18n.ts isServerText): 200.2 KB.
 * 200.8 since a definition's age and fitness rules are checked in the page as on the server (engine/checks/rules.ts,
 * the conditions' age and number tests: +0.4 KB): 200.6 KB.
 * 202.2 with a file chosen offline kept on the device and sent with the answers (offline/keptFileIds.ts in the
 * form, its store loaded only when needed), measured with all of the above together: 202.0 KB.
 * 202.4 since the page sends the response funnel's "started" beacon on the first answer and the thank-you panel
 * offers the review ask (features/reach: the panel loaded lazily, its words written by the server), and the QR
 * cards page is an entry of the page table with its permission (+0.3 KB): 202.3 KB.
 * 204.1 (merged with the funnel's 202.4) since parties (issue 32: /p/{code}, its roster page and the organiser's page) are pages of the table: their
 * routes and header in the route table, a waiver's send naming the party of its address (contract/party-names.ts,
 * no TypeBox), and their texts in every guest page's language file (the desk's stay in the staff file, the mail's
 * and PDF's the server's only: +1.4 KB of the 1.6): 203.6 KB.
 * 204.3 since the recovery survey (issue 30, features/recovery) is a page of the table: its route and header in the
 * route table (+0.1 KB; its email's, gone page's and refusal's texts are the server's only, i18n.ts isServerText): 204.2 KB.
 * 204.6 since a waiver offers returning guests a code step (issue 32: form/ReturningGuest.tsx, its own chunk loaded on
 * waiver pages only, after hydration): its texts in every guest page's language file (its mails' the server's only)
 * and the lazy import in the form page: +0.34 KB, 204.54 KB with the recovery survey's route.
 * 205.3 (+0.7) since what a guest types before hydration is handed to the form (form/earlyInput.ts, in the form's
 * chunk: it must run in the hydration's commit, so it cannot wait for a lazy chunk; issue 34): 205.3 KB with the code step.
 * 205.7 since the guest's case page takes one photo with an answer (issue 30: the page's label, hint, alt text and
 * one-photo refusal in every guest page's language file; the page's code in its own chunk): 205.63 KB.
 * (205.4 on its branch, 205.36 KB: /p/new, rendered on the server, says without JavaScript that making a party needs
 * it; issue 32: partyNewNeedsScript in every guest language file, +0.06 KB.)
 * 178.0 (-27.7) since the pages the server renders are hydrated by the guest entry without react-router
 * (src/web/guest.tsx, shell/GuestPage.tsx; the router is a chunk of its own that only app.tsx loads; issue 34): 177.7 KB.
 * 178.3 (+0.1, with the case page's photo texts merged: 178.1) since a waiver keeps the returning-guest step's place
 * from the server's render (FormPage.tsx ReturningGuestSlot: the iFly waiver's layout shift 0.07 -> 0): 178.22 KB.
 * 178.4 since a draft's writes go one after the other and it is said saved only once the last change is kept
 * (form/draft.ts: a step move during a write was marked saved before it was): 178.36 KB.
 */
const DINING_SURVEY_JS_BUDGET_KB = 178.4;

interface Chunk {
  file: string;
  imports?: string[];
}

function pageScripts(manifest: Record<string, Chunk>, entries: string[]): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build's manifest`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  entries.forEach(visit);
  return [...files].filter((file) => file.endsWith('.js'));
}

describe('page weight', () => {
  it(`the dining survey's JavaScript stays within ${DINING_SURVEY_JS_BUDGET_KB} KB gzip`, () => {
    const manifestFile = path.join(DIST, '.vite', 'manifest.json');
    if (!fs.existsSync(manifestFile)) throw new Error('The pages are not built: run `npm run build` first.');
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, Chunk>;
    const files = pageScripts(manifest, [
      'index.html',
      // The guest entry, which the entry loads once the server's HTML is painted (src/web/main.tsx).
      'src/web/guest.tsx',
      'src/web/form/FormPage.tsx',
      'src/web/form/formLoader.ts',
      'build/forms/dining-survey.json',
      'build/forms/dining-survey.validate.mjs',
      'build/forms/locales/en/dining-survey.json',
      'build/messages/en.json',
    ]);
    const bytes = files.reduce((sum, file) => sum + gzipSync(fs.readFileSync(path.join(DIST, file)), { level: 9 }).length, 0);
    console.log(`dining survey JavaScript: ${(bytes / 1024).toFixed(1)} KB gzip in ${files.length} files`);
    expect(bytes / 1024).toBeLessThanOrEqual(DINING_SURVEY_JS_BUDGET_KB);
    // Nor is the router (the 'router' chunk, scripts/lib/page-chunks.ts).
    expect(files.filter((file) => /(^|\/)router-/.test(file))).toEqual([]);
    // The human check, the signature pad and other forms are not part of it, nor any country's name.
    expect(files.some((file) => /Altcha|Recaptcha|SignaturePad|ski-waiver/.test(file))).toBe(false);
    expect(files.filter((file) => fs.readFileSync(path.join(DIST, file), 'utf8').includes('Afghanistan'))).toEqual([]);
  });

  it('the charting library (visx) is only in the insights page, never in a guest page', () => {
    const manifestFile = path.join(DIST, '.vite', 'manifest.json');
    if (!fs.existsSync(manifestFile)) throw new Error('The pages are not built: run `npm run build` first.');
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, Chunk>;
    const drawsCharts = (files: string[]) => files.filter((file) => fs.readFileSync(path.join(DIST, file), 'utf8').includes('visx-linepath'));
    expect(drawsCharts(pageScripts(manifest, ['src/web/pages/insights/InsightsPage.tsx'])).length).toBeGreaterThan(0);
    const guestPages = Object.keys(manifest).filter((key) => /^src\/web\/(form|pages)\//.test(key) && !/\/(staff|console|insights|chat)\//.test(key));
    expect(guestPages).toContain('src/web/form/FormPage.tsx');
    expect(drawsCharts(pageScripts(manifest, ['index.html', ...guestPages]))).toEqual([]);
  });
});
