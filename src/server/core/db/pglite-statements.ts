// Prepared statements on PGlite. PGlite's own query() parses and describes the SQL again on every
// call and crosses into Postgres six times (parse, describe, bind, describe, execute, sync); here
// each SQL text is parsed once as a named statement (its parameter types described once), and
// every run is one call: Bind, Describe, Execute and Sync in one message. Values are written and
// rows read by PGlite's own serializers and parsers, so answers are the same as query()'s.
import { parse, protocol, type PGlite } from '@electric-sql/pglite';
import type { QueryResult, Row } from './db.ts';

const { serialize } = protocol;

/** Enough for every fixed statement of the server; dynamic list filters beyond it are parsed again. */
const MAX_STATEMENTS = 500;

interface Statement {
  name: string;
  parameterTypes: number[];
}

function joined(parts: Uint8Array[]): Uint8Array {
  const message = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    message.set(part, offset);
    offset += part.length;
  }
  return message;
}

export class PgliteStatements {
  /** In order of last use: the first is the one to close when the cache is full. */
  private readonly statements = new Map<string, Statement>();
  private named = 0;

  constructor(private readonly pglite: PGlite) {}

  /**
   * Runs one statement. The caller holds PGlite's lock (runExclusive), so no other message comes
   * between. `before` is sent first in the same call (a transaction's BEGIN).
   */
  async run<T extends Row>(sql: string, params: unknown[] = [], before?: string): Promise<QueryResult<T>> {
    const prefix = before === undefined ? [] : [serialize.query(before)];
    const cached = this.statements.get(sql);
    const statement = cached ?? (await this.prepare(sql, prefix));
    this.statements.delete(sql);
    this.statements.set(sql, statement);
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const write = this.pglite.serializers[statement.parameterTypes[index]];
      return write ? write(value) : String(value);
    });
    const { messages } = await this.pglite.execProtocol(
      joined([
        ...(cached ? prefix : []),
        serialize.bind({ statement: statement.name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
    );
    // The statement's result is the last (a BEGIN sent before it has its own).
    const result = parse.parseResults(messages, this.pglite.parsers).at(-1);
    return { rows: (result?.rows ?? []) as T[], rowCount: result?.affectedRows ?? result?.rows.length ?? 0 };
  }

  /** Statements that take no parameters and return nothing (BEGIN, COMMIT), as one simple query. */
  async command(sql: string): Promise<string | undefined> {
    const { messages } = await this.pglite.execProtocol(serialize.query(sql));
    const done = messages.findLast((message) => message.name === 'commandComplete') as { text?: string } | undefined;
    return done?.text;
  }

  private async prepare(sql: string, prefix: Uint8Array[]): Promise<Statement> {
    const name = `venue_forms_${++this.named}`;
    const parts = [...prefix, serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name })];
    // Close the least recently used statement in the same message, when the cache is full.
    const oldest = this.statements.size >= MAX_STATEMENTS ? this.statements.entries().next().value : undefined;
    if (oldest) {
      parts.push(serialize.close({ type: 'S', name: oldest[1].name }));
      this.statements.delete(oldest[0]);
    }
    const { messages } = await this.pglite.execProtocol(joined([...parts, serialize.sync()]));
    const statement = { name, parameterTypes: parse.parseDescribeStatementResults(messages) };
    this.statements.set(sql, statement);
    return statement;
  }
}
