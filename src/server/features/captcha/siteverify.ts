// Google reCAPTCHA siteverify: POST form-encoded secret + response, JSON answer
// {success, challenge_ts, hostname, action?, 'error-codes'?}. The URL comes from configuration.
export interface SiteverifyAnswer {
  success: boolean;
  action?: string;
  hostname?: string;
  /** reCAPTCHA v3 only: 1.0 very likely a person, 0.0 very likely a bot. */
  score?: number;
  errorCodes: string[];
}

export class SiteverifyUnreachableError extends Error {}

export async function askSiteverify(url: string, secret: string, token: string): Promise<SiteverifyAnswer> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret, response: token }).toString(),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    throw new SiteverifyUnreachableError(`siteverify at ${url} could not be reached: ${(error as Error).message}`);
  }
  if (!response.ok) throw new SiteverifyUnreachableError(`siteverify at ${url} answered HTTP ${response.status}`);
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return {
    success: body.success === true,
    action: typeof body.action === 'string' ? body.action : undefined,
    hostname: typeof body.hostname === 'string' ? body.hostname : undefined,
    score: typeof body.score === 'number' ? body.score : undefined,
    errorCodes: Array.isArray(body['error-codes']) ? body['error-codes'].map(String) : [],
  };
}
