// A file-inspection worker thread (inspection-pool.ts): cleans one upload at a time with
// clean-upload.ts and answers with the cleaned bytes or the refusal (a failure is the pool's).
import type { MessageKey } from '../../../engine/text/messages.ts';
import { serveJobs } from '../../core/worker-thread.ts';
import { cleanUpload, FileRefused } from './clean-upload.ts';

export interface InspectionRequest {
  bytes: Uint8Array;
  mimeType: string;
}

export type InspectionAnswer = { cleaned: Uint8Array } | { refused: MessageKey };

await serveJobs<InspectionRequest, InspectionAnswer>(({ bytes, mimeType }) => {
  try {
    // A copy the answer can move back to the pool (cleaners may return a view of a shared buffer).
    const cleaned = new Uint8Array(cleanUpload(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), mimeType));
    return { answer: { cleaned }, transfer: [cleaned.buffer] };
  } catch (error) {
    if (error instanceof FileRefused) return { answer: { refused: error.reason } };
    throw error;
  }
});
