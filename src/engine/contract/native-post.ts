// What a form's post without JavaScript (src/server/features/native-post) gives the pages' server
// render (src/web/ssr/renderPage.tsx): the form again with the answers kept and each error at its
// answer, or the thanks with the submission's reference.
import { Type, type Static } from '@sinclair/typebox';
import { ReporterReceipt } from './reporter.ts';
import type { ReviewAsk } from './reach-names.ts';

export const PostedFieldError = Type.Object({
  /** The answer's dot path: "email", or "dependents.0.name" in a repeated group. */
  path: Type.String(),
  /** In the page's language, the same wording the JSON API gives. */
  message: Type.String(),
});
export type PostedFieldError = Static<typeof PostedFieldError>;

export const NativePostOutcome = Type.Union([
  Type.Object({
    kind: Type.Literal('refused'),
    answers: Type.Record(Type.String(), Type.Unknown()),
    errors: Type.Array(PostedFieldError),
    /** Said when no answer is at fault (a limit reached): the form was not sent. */
    notice: Type.Optional(Type.String()),
  }),
  /** reporter: a reporter's case code and secret, shown once (the page is the answer to the post itself, never a redirect carrying it). */
  /** reviewAsk: the review links of a form with success.reviewAsk (its shape is reach-names.ts's, written by the server). */
  Type.Object({
    kind: Type.Literal('stored'),
    reference: Type.String(),
    reporter: Type.Optional(ReporterReceipt),
    reviewAsk: Type.Optional(Type.Unsafe<ReviewAsk>({})),
  }),
]);
export type NativePostOutcome = Static<typeof NativePostOutcome>;
