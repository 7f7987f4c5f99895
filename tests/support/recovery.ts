// A resolved Poor dining case whose recovery survey was sent (as its due step sends it) and is not
// answered yet, with the survey's signed link: for the pages' tests, without waiting for a delay.
import type { Lang } from '../../src/engine/text/languages.ts';
import { signRecoveryToken } from '../../src/server/features/recovery/recovery-link.ts';
import { diningAnswers } from '../api/samples.ts';
import type { TestServer } from './server.ts';

let made = 0;

export async function sentRecoverySurvey(server: TestServer, lang: Lang): Promise<{ id: number; path: string }> {
  const created = await server.api(`/api/survey-customer-feedbacks?locale=${lang}`, {
    method: 'POST',
    json: diningAnswers({ rating_food: 'poor', email_address: `recovery-${process.pid}-${++made}@example.com` }),
  });
  if (created.status !== 201) throw new Error(`The dining survey answered ${created.status}: ${JSON.stringify(created.body)}`);
  const id: number = created.body.doc.id;
  await server.ctx.db.query(`INSERT INTO followups (document_id, state, outcome, resolved_at) VALUES ($1, 'resolved', 'recovered', now())`, [id]);
  const { rows } = await server.ctx.db.query<{ sent_at: Date }>('INSERT INTO recovery_surveys (document_id, lang) VALUES ($1, $2) RETURNING sent_at', [
    id,
    lang,
  ]);
  return { id, path: `/recovery/${signRecoveryToken(server.ctx.jwtSecret, id, rows[0].sent_at)}` };
}
