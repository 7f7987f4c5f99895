// The Payload error body every refusal of the API carries: {errors:[{name?, message, data?}]}. Declared
// once here: the server builds it (src/server/core/errors.ts) and the staff pages read it
// (src/web/staff/staffRequest.ts refusalOf).
import { Type, type Static } from '@sinclair/typebox';

/**
 * One item of a validation error's data.errors (an engine AnswerError becomes one). `code` is a stable
 * name for a refusal a page reacts to (the message is English prose and may be reworded).
 */
export const FieldError = Type.Object({
  label: Type.Optional(Type.String()),
  message: Type.String(),
  path: Type.String(),
  code: Type.Optional(Type.String()),
});
export type FieldError = Static<typeof FieldError>;

/** One error of the body: a ValidationError's data holds the fields; a QueryError's data is the paths. */
export const ApiErrorItem = Type.Object({
  name: Type.Optional(Type.String()),
  message: Type.String(),
  data: Type.Optional(Type.Unknown()),
});
export type ApiErrorItem = Static<typeof ApiErrorItem>;

export const ErrorBody = Type.Object({ errors: Type.Array(ApiErrorItem) });
export type ErrorBody = Static<typeof ErrorBody>;

/** The codes of FieldError.code the pages know. */
export const LAST_ADMIN = 'last-admin';
