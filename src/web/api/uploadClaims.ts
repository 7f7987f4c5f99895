// The claims the server gave this browser's uploads (src/server/features/uploads/upload-claims.ts):
// a submission naming an upload must carry its claim, so they are kept beside the drafts, in localStorage (a
// restored draft still names its files) and sent with every create as X-Upload-Claim.
const STORAGE_KEY = 'venue-forms:upload-claims';
/** The server looks at 50 at most; older ones belong to files long sent or expired. */
const KEPT = 50;

let claims: string[] = read();

function read(): string[] {
  try {
    const saved: unknown = JSON.parse(globalThis.localStorage?.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(saved) ? saved.filter((claim): claim is string => typeof claim === 'string') : [];
  } catch {
    return [];
  }
}

export function rememberUploadClaim(claim: string): void {
  claims = [claim, ...claims.filter((kept) => kept !== claim)].slice(0, KEPT);
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(claims));
  } catch {
    // storage full or refused: the claim stays in memory for this page
  }
}

/** The X-Upload-Claim header of a create, or nothing when this browser uploaded nothing. */
export function uploadClaimHeaders(): Record<string, string> {
  return claims.length ? { 'X-Upload-Claim': claims.join(',') } : {};
}
