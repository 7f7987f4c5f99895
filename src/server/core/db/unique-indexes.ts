// A form's `unique` rules (e.g. one loyalty registration per phone) become partial unique indexes
// on the documents table, created idempotently at start: the database, not a racy pre-check,
// guarantees them. The indexes follow the definitions: one whose rule was removed is dropped.
import { createHash } from 'node:crypto';
import type { LoadedForm } from '../forms/compiled-forms.ts';
import type { Db, Queryable } from './db.ts';
import { isDatabaseError, UNIQUE_VIOLATION } from './db.ts';

export interface UniqueRule {
  collection: string;
  fields: string[];
  /** Key of the rule's message in the form's namespace. */
  message: string;
  formId: string;
}

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

const PREFIX = 'documents_unique_';

/** One of the indexes made from forms' unique rules (ours or a newer instance's), not another table's key. */
export const isUniqueRuleIndex = (name: string | undefined) => !!name?.startsWith(PREFIX);

function indexName(collection: string, fields: string[]): string {
  return `${PREFIX}${createHash('sha256')
    .update(`${collection}|${fields.join(',')}`)
    .digest('hex')
    .slice(0, 20)}`;
}

/** Our unique-rule indexes now in the database (by their name prefix). */
async function existingIndexes(tx: Queryable): Promise<string[]> {
  const { rows } = await tx.query<{ indexname: string }>(
    "SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'documents' AND starts_with(indexname, $1)",
    [PREFIX],
  );
  return rows.map((row) => row.indexname);
}

/** The answers a unique violation is about, read from the database's own words ("Key ((data ->> 'phone'::text))=(...)"). */
export function fieldsOfViolation(detail: string | undefined): string[] {
  return [...(detail ?? '').matchAll(/data ->> '((?:[^']|'')+)'/g)].map((match) => match[1].replace(/''/g, "'"));
}

/** Creates missing indexes, drops those of removed rules; returns the rules by index name, to explain a violation. */
export async function ensureUniqueIndexes(db: Db, forms: LoadedForm[]): Promise<Map<string, UniqueRule>> {
  const rules = new Map<string, UniqueRule>();
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(7262002)');
    for (const { compiled } of forms) {
      for (const rule of compiled.unique) {
        const name = indexName(compiled.collection, rule.fields);
        const columns = rule.fields.map((field) => `(data->>${literal(field)})`).join(', ');
        try {
          await tx.query(`CREATE UNIQUE INDEX IF NOT EXISTS ${name} ON documents (${columns}) WHERE collection = ${literal(compiled.collection)}`);
        } catch (error) {
          if (isDatabaseError(error) && error.code === UNIQUE_VIOLATION) {
            throw new Error(
              `Stored ${compiled.collection} documents already repeat ${rule.fields.join(' + ')}, so the form's unique rule cannot be enforced. Remove the duplicates first.`,
              { cause: error },
            );
          }
          throw error;
        }
        rules.set(name, { collection: compiled.collection, fields: rule.fields, message: rule.message, formId: compiled.id });
      }
    }
    // A rule taken out of a definition must stop refusing answers (a leftover index would answer every "duplicate" with an error).
    for (const name of await existingIndexes(tx)) if (!rules.has(name)) await tx.query(`DROP INDEX IF EXISTS ${name}`);
  });
  return rules;
}
