// The waiver-copy feature's public face: the guest's signed PDF copy of a waiver (the link in the
// create's answer, the email), staff's download of it and the check of a signed waiver's answers.
import type { ServerFeature } from '../../core/feature.ts';
import type { SubmissionAnswer } from '../../core/submission-hooks.ts';
import { copyLink } from './copy-link.ts';
import { waiverCopyPlugin } from './plugin.ts';
import { queueCopyEmail } from './copy-email.ts';
import { WAIVER_COPY_MIGRATIONS } from './migrations.ts';

/** The create's answer of a waiver carries `waiverCopy`: the guest's own link, valid 24 hours. */
const copyLinkAnswer: SubmissionAnswer = ({ collection, row, lang }, jwtSecret) =>
  collection.form?.compiled.form.submit.evidence && row.evidence ? { waiverCopy: copyLink(jwtSecret, row.id, lang) } : undefined;

export const waiverCopyFeature: ServerFeature = {
  name: 'waiver-copy',
  plugins: [waiverCopyPlugin],
  migrations: WAIVER_COPY_MIGRATIONS,
  submissionHooks: [queueCopyEmail],
  submissionAnswers: [copyLinkAnswer],
};
export { signCopyToken, readCopyToken, COPY_LINK_HOURS } from './copy-link.ts';
// The PDF writing (fonts, shaped right-to-left lines) other features draw with (features/reach: QR cards).
export { PdfWriter } from './pdf-writer.ts';
export { drawLine, wrapLines, type LineCanvas } from './pdf-lines.ts';
export { PDF_BUDGET_MS } from './pdf-pool.ts';
