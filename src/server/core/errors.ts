// Errors in the shape the Payload REST contract uses: always {errors:[...]}, except the
// unknown-route answer, which Payload sends as {message}.

import type { ErrorBody, FieldError } from '../../engine/contract/errors.ts';

/** The body's shape is declared once, in engine/contract/errors.ts (the pages read it too). */
export type { FieldError };

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body === 'object' && body && 'message' in body ? String(body.message) : `HTTP ${statusCode}`);
  }
}

const messageError = (status: number, message: string) => new ApiError(status, { errors: [{ message }] } satisfies ErrorBody);

export const forbidden = () => messageError(403, 'You are not allowed to perform this action.');
export const notFound = () => messageError(404, 'Not Found');
export const badRequest = (message: string) => messageError(400, message);
export const invalidJson = () => messageError(400, 'Invalid JSON');
export const noFileUploaded = () => messageError(400, 'No files were uploaded.');
export const tooManyRequests = () => messageError(429, 'Too many requests from your network. Please wait a minute and try again.');
/** A budget of one signed-in account (not of an address) is spent. */
export const tooManyFromAccount = () => messageError(429, 'Too many requests from this account. Please wait a minute and try again.');
export const somethingWentWrong = () => messageError(500, 'Something went wrong.');
export const routeNotFound = (pathname: string) => new ApiError(404, { message: `Route not found "${pathname}"` });

function invalidFieldsMessage(names: string[]): string {
  return names.length === 1 ? `The following field is invalid: ${names[0]}` : `The following fields are invalid: ${names.join(', ')}`;
}

export function validationError(collection: string | null, errors: FieldError[], status = 400): ApiError {
  const names = [...new Set(errors.map((error) => error.label ?? error.path))];
  const data = collection ? { collection, errors } : { errors };
  return new ApiError(status, { errors: [{ name: 'ValidationError', data, message: invalidFieldsMessage(names) }] } satisfies ErrorBody);
}

export function queryError(paths: string[]): ApiError {
  const message = paths.length === 1 ? `The following path cannot be queried: ${paths[0]}` : `The following paths cannot be queried: ${paths.join(', ')}`;
  return new ApiError(400, { errors: [{ name: 'QueryError', data: paths.map((path) => ({ path })), message }] } satisfies ErrorBody);
}
