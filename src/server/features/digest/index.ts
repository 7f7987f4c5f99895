// The digest feature's public face: the managers' Monday digest (content.ts what it says, render.ts
// its email, send.ts the weekly step and the outbox kind, schedule.ts when), its settings and table.
import type { ServerFeature } from '../../core/feature.ts';
import { digestConfig } from './config.ts';
import { DIGEST_MIGRATIONS } from './migrations.ts';
import { digestPlugin } from './plugin.ts';

export { queueDigests, digestEmailOf, readsSubmissions, DIGEST_MAIL_KIND, type DigestDeps } from './send.ts';
export { digestWeek } from './week.ts';

export const digestFeature: ServerFeature = { name: 'digest', plugins: [digestPlugin], config: digestConfig, migrations: DIGEST_MIGRATIONS };
