// A file-inspection worker thread (inspection-pool.ts): cleans one upload at a time with
// clean-upload.ts and answers with the cleaned bytes, the refusal, or the failure.
import { parentPort } from 'node:worker_threads';
import type { MessageKey } from '../../../engine/messages.ts';
import { cleanUpload, FileRefused } from '../../uploads/clean-upload.ts';

export interface InspectionRequest {
  id: number;
  bytes: Uint8Array;
  mimeType: string;
}

export type InspectionAnswer = { ready: true } | { id: number; cleaned: Uint8Array } | { id: number; refused: MessageKey } | { id: number; failed: string };

const port = parentPort;
if (!port) throw new Error('inspection-worker.ts runs in a worker thread (inspection-pool.ts)');

port.on('message', ({ id, bytes, mimeType }: InspectionRequest) => {
  let answer: InspectionAnswer;
  try {
    // A copy the answer can move back to the pool (cleaners may return a view of a shared buffer).
    const cleaned = new Uint8Array(cleanUpload(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), mimeType));
    port.postMessage({ id, cleaned } satisfies InspectionAnswer, [cleaned.buffer]);
    return;
  } catch (error) {
    answer = error instanceof FileRefused ? { id, refused: error.reason } : { id, failed: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  port.postMessage(answer);
});
port.postMessage({ ready: true } satisfies InspectionAnswer);
