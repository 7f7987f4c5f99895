// The collections feature's public face: what app.ts and other features may use.
import type { ServerFeature } from '../../core/feature.ts';
import { collectionsPlugin } from './plugin.ts';
import { staffDownloadsPlugin } from './staff-downloads.ts';

export const collectionsFeature: ServerFeature = { name: 'collections', plugins: [collectionsPlugin, staffDownloadsPlugin] };
export { signatureStrokes, type SignatureStrokes } from './signature-svg.ts';
export { storeSubmission, type SubmissionRequest } from './create-submission.ts';
