// An upload waiting for its submission can be attached only by the client that sent it: the upload's
// answer gives a random claim (`claim`, beside `doc`), and the submission carries it back in the
// `X-Upload-Claim` header (several separated by commas). Upload ids are sequential; claims are not.
import { createHash, randomBytes } from 'node:crypto';

export const UPLOAD_CLAIM_HEADER = 'x-upload-claim';
/** 24 random bytes, base64url. */
const CLAIM_PATTERN = /^[A-Za-z0-9_-]{32}$/;
/** A form names at most a few dozen files; more claims than this are not looked at. */
const MAX_CLAIMS = 50;

export const newUploadClaim = (): string => randomBytes(24).toString('base64url');

export const uploadClaimSha256 = (claim: string): string => createHash('sha256').update(claim).digest('hex');

/** The hashes of the well-formed claims a request carries (anything else in the header counts for nothing). */
export function claimedUploadHashes(header: string | string[] | undefined): string[] {
  const values = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').map((value) => value.trim());
  return values
    .filter((value) => CLAIM_PATTERN.test(value))
    .slice(0, MAX_CLAIMS)
    .map(uploadClaimSha256);
}
