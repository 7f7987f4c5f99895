// The load of the durability test: 20 clients sending at once, each a dining survey (one statement)
// or a job application with its CV (an upload, then a create that checks the position and attaches
// the file in one transaction), until the server is killed.
import { PGlite } from '@electric-sql/pglite';
import { PUBLIC_KEY, type Json } from '../support/server.ts';
import { fileForm, tinyPdf } from '../support/files.ts';
import { DINING, diningAnswers } from './samples.ts';

const APPLICATIONS = 'careers-applications';
const CVS = 'careers-application-cvs';

export interface Acknowledged {
  collection: string;
  id: number;
  reference: string;
  /** One answer the test finds again after the restart. */
  marker: { field: string; value: string };
  cv?: number;
}

const publicKey = { authorization: `users API-Key ${PUBLIC_KEY}` };

/**
 * Runs `clients` loops of creates; calls `kill` once `killAfter` creates were answered 201, while the
 * other clients are mid-request. Resolves when every client has stopped (their requests refused).
 */
export async function acknowledgedUnderLoad(port: number, options: { clients: number; killAfter: number; kill: () => void }) {
  const base = `http://127.0.0.1:${port}`;
  const positions = (await (await fetch(`${base}/api/positions?limit=1&depth=0`, { headers: publicKey })).json()) as Json;
  const position = positions.docs[0].id as number;
  const acknowledged: Acknowledged[] = [];
  let killed = false;
  let unanswered = 0;
  // Each client from an address of its own (the server trusts one proxy): one address's uploads are checked one at a time.
  const post = async (index: number, pathname: string, body: BodyInit, headers: Record<string, string> = {}) => {
    const response = await fetch(`${base}${pathname}`, {
      method: 'POST',
      headers: { ...publicKey, 'x-forwarded-for': `10.0.0.${index + 1}`, ...headers },
      body,
    });
    return { status: response.status, body: (await response.json()) as Json };
  };
  const acknowledge = (created: Acknowledged) => {
    acknowledged.push(created);
    if (acknowledged.length >= options.killAfter && !killed) {
      killed = true;
      options.kill();
    }
  };
  const client = async (index: number) => {
    for (let n = 0; ; n++) {
      try {
        if (n % 2 === 0) {
          const comment = `client ${index} visit ${n}`;
          const created = await post(index, `/api/${DINING}`, JSON.stringify(diningAnswers({ customer_comments: comment })), {
            'content-type': 'application/json',
          });
          if (created.status !== 201) throw new Error(`dining survey: HTTP ${created.status} ${JSON.stringify(created.body)}`);
          acknowledge({
            collection: DINING,
            id: created.body.doc.id,
            reference: created.body.doc.reference,
            marker: { field: 'customer_comments', value: comment },
          });
        } else {
          const upload = await post(index, `/api/${CVS}`, fileForm(tinyPdf(), 'cv.pdf', 'application/pdf'));
          // The file checks' bounded queue may say it is busy (503, Retry-After): not acknowledged, so nothing to find later.
          if (upload.status === 503) continue;
          if (upload.status !== 201) throw new Error(`CV: HTTP ${upload.status} ${JSON.stringify(upload.body)}`);
          const email = `applicant-${index}-${n}@example.com`;
          const answers = { position, full_name: `Applicant ${index}`, email, phone: '+97455123456', cv: upload.body.doc.id };
          const created = await post(index, `/api/${APPLICATIONS}`, JSON.stringify(answers), {
            'content-type': 'application/json',
            'x-upload-claim': upload.body.claim,
          });
          if (created.status !== 201) throw new Error(`application: HTTP ${created.status} ${JSON.stringify(created.body)}`);
          acknowledge({
            collection: APPLICATIONS,
            id: created.body.doc.id,
            reference: created.body.doc.reference,
            marker: { field: 'email', value: email },
            cv: upload.body.doc.id,
          });
        }
      } catch (error) {
        // Only the kill may stop a client: any other failure is the test's.
        if (!killed) throw error;
        unanswered++;
        return;
      }
    }
  };
  await Promise.all(Array.from({ length: options.clients }, (_, index) => client(index)));
  return { acknowledged, unanswered };
}

/** Counts what a crash must never leave: a submission without its reference, a file attached to no submission, an application without its file. */
export async function checkNothingHalfWritten(databaseDir: string) {
  const db = new PGlite({ dataDir: databaseDir });
  try {
    const count = async (sql: string, params: unknown[] = []) => (await db.query<{ n: number }>(sql, params)).rows[0].n;
    return {
      withoutReference: await count('SELECT count(*)::int AS n FROM documents WHERE form_version IS NOT NULL AND reference IS NULL'),
      attachedToMissing: await count(
        'SELECT count(*)::int AS n FROM documents u WHERE u.attached_to IS NOT NULL AND NOT EXISTS (SELECT 1 FROM documents s WHERE s.id = u.attached_to)',
      ),
      applicationsWithoutTheirFile: await count(
        `SELECT count(*)::int AS n FROM documents a WHERE a.collection = $1
         AND NOT EXISTS (SELECT 1 FROM documents f WHERE f.collection = $2 AND f.id = (a.data->>'cv')::int AND f.attached_to = a.id)`,
        [APPLICATIONS, CVS],
      ),
    };
  } finally {
    await db.close();
  }
}
