// The worker thread that draws party rosters (roster-pool.ts): each job brings the roster as the API answers it.
import type { PartyRoster } from '../../../engine/contract/parties.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import { serveJobs } from '../../core/worker-thread.ts';
import { rosterPdf } from './roster-pdf.ts';

export interface RosterJob {
  roster: PartyRoster;
  lang: Lang;
  createdAt: string;
}

await serveJobs<RosterJob, Uint8Array>(async (job) => {
  const bytes = new Uint8Array(await rosterPdf(job.roster, job.lang, new Date(job.createdAt)));
  return { answer: bytes, transfer: [bytes.buffer as ArrayBuffer] };
});
