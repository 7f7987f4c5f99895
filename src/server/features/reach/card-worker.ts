// The worker thread that draws QR cards (card-pool.ts): each job brings the cards' texts.
import { serveJobs } from '../../core/worker-thread.ts';
import { cardsPdf, type Card } from './card-pdf.ts';

export interface CardJob {
  cards: Card[];
  createdAt: string;
}

/** A card drawn before the worker is ready, so the first asked takes what the others do (fonts and shaping compiled). */
async function warmUp(): Promise<void> {
  await cardsPdf([{ venueName: 'Cova كوفا', pointName: 'warm-up', shortUrl: 'https://example.com/q/WARM42' }], new Date(0));
}

await serveJobs<CardJob, Uint8Array>(async (job) => {
  const bytes = new Uint8Array(await cardsPdf(job.cards, new Date(job.createdAt)));
  return { answer: bytes, transfer: [bytes.buffer as ArrayBuffer] };
}, warmUp);
