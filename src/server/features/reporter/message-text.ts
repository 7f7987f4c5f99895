// THE way a reporter's case message text goes into and comes out of the database (case_messages.text):
// every write and read of it in this feature goes through this pair, so sealing confidential text at
// rest (a data key per case) is one change here. Today the text is stored as it is.
import type { Queryable } from '../../core/db/db.ts';

/** The text as it is stored for the case `documentId`. */
export async function sealMessageText(_db: Queryable, _documentId: number, text: string): Promise<string> {
  return text;
}

/** The stored text of the case `documentId` as it was written. */
export async function openMessageText(_db: Queryable, _documentId: number, stored: string): Promise<string> {
  return stored;
}
