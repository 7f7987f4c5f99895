// What a server feature brings: its Fastify plugins (registered in the table's order), its settings
// and the schema migrations of its own tables. The table of features is src/server/features/index.ts.
import type { FastifyPluginAsync } from 'fastify';
import type { ConfigSection } from './config.ts';
import type { ServerContext } from './context.ts';
import type { Migration } from './db/migrations.ts';
import type { Channel } from './outbox/channel.ts';
import type { SubmissionAnswer, SubmissionHook } from './submission-hooks.ts';

export interface ServerFeature {
  name: string;
  plugins: FastifyPluginAsync<ServerContext>[];
  /** Its environment variables and their typed reader; the value is `ctx.config[config.key]` (core/config.ts). */
  config?: ConfigSection;
  /** Ids are unique across core and every feature (tests/unit/server-features.test.ts); each feature keeps its own range. */
  migrations?: Migration[];
  /** Run in each submission's transaction once it is stored (core/submission-hooks.ts). */
  submissionHooks?: SubmissionHook[];
  /** Fields beside `doc` in a guest create's 201 answer (core/submission-hooks.ts). */
  submissionAnswers?: SubmissionAnswer[];
  /**
   * Of those, the fields the thank-you page of a post without JavaScript shows again when it is
   * loaded (native-post's `/thank-you?reference=`): anyone holding the reference may load it for a
   * few hours, so nothing personal and no side effect (a reporter's secret is not one of them).
   */
  thanksAnswers?: SubmissionAnswer[];
  /** The channels the outbox sends on (core/outbox/channel.ts); names are unique across features. */
  channels?: readonly Channel[];
}
