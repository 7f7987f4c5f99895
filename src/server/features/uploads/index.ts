// The uploads feature's public face: what app.ts and other features may use.
import type { ServerFeature } from '../../core/feature.ts';
import { uploadsPlugin } from './plugin.ts';
export { keepUpload, receiveUpload } from './receive-upload.ts';
export { claimedUploadHashes, UPLOAD_CLAIM_HEADER } from './upload-claims.ts';
export { isAccepted } from './sniff-file-type.ts';
export { storedFile } from './stored-file.ts';

export const uploadsFeature: ServerFeature = { name: 'uploads', plugins: [uploadsPlugin] };
