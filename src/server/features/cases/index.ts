// The cases feature's public face (service recovery): a submission of a form with `contact` is a
// case staff may reply to; its thread (case_messages) and the replies' emails on the core outbox.
import type { ServerFeature } from '../../core/feature.ts';
import { CASES_MIGRATIONS } from './migrations.ts';
import { casesPlugin } from './plugin.ts';
import { replyTemplatesPlugin } from './templates-plugin.ts';
import { recordGuestLanguage } from './case-guest.ts';

export { messagesOfSubmissions } from './thread.ts';

export const casesFeature: ServerFeature = {
  name: 'cases',
  plugins: [replyTemplatesPlugin, casesPlugin],
  migrations: CASES_MIGRATIONS,
  submissionHooks: [recordGuestLanguage],
};
