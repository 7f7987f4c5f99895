// The cases feature's public face (service recovery): a submission of a form with `contact` is a
// case staff may reply to; its thread (case_messages), the replies' emails on the core outbox and the
// guest's own view of it by the signed link (their page /reply/{token}, GET/POST /api/case/{token})
// and their replies by email (INBOUND_SMTP_PORT, inbound/).
import type { ServerFeature } from '../../core/feature.ts';
import { CASES_MIGRATIONS } from './migrations.ts';
import { casesPlugin } from './plugin.ts';
import { replyTemplatesPlugin } from './templates-plugin.ts';
import { caseGuestPlugin } from './guest-plugin.ts';
import { recordGuestLanguage } from './case-guest.ts';
import { casesConfig } from './config.ts';
import { caseInboundPlugin } from './inbound-plugin.ts';
import { caseMeasuresPlugin } from './measures-plugin.ts';

export { messagesOfSubmissions } from './thread.ts';
// The recovery survey (features/recovery) writes to the same guest, in the same thread.
export { guestEmail, guestLanguage, replyBlock, venueName } from './case-guest.ts';
export { CASE_REPLY_KIND } from './reply-email.ts';
/** The case measures, for the console home's "Cases" headline (features/home): the same numbers as GET /api/insights/cases. */
export { measureCases } from './measures.ts';

export const casesFeature: ServerFeature = {
  name: 'cases',
  plugins: [replyTemplatesPlugin, casesPlugin, caseGuestPlugin, caseInboundPlugin, caseMeasuresPlugin],
  config: casesConfig,
  migrations: CASES_MIGRATIONS,
  submissionHooks: [recordGuestLanguage],
};
