// THE way a reporter's case message text goes into and comes out of the database (case_messages.text):
// every write and read of it in this feature goes through this pair. The text is sealed with the
// report's data key (features/sealed: a reporter's form is confidential), so a dump or a backup holds
// none of it, a rotation rewraps it with the report's key and erasing the report erases the key.
import type { Queryable } from '../../core/db/db.ts';
import type { Sealer } from '../sealed/index.ts';

/** The text as it is stored for the case `documentId`. */
export const sealMessageText = (sealer: Sealer, db: Queryable, documentId: number, text: string): Promise<string> => sealer.sealTextOf(db, documentId, text);

/** What opens the stored texts of the case `documentId` (each as it was written). */
export const messageTextOpener = (sealer: Sealer, db: Queryable, documentId: number): Promise<(stored: string) => string> => sealer.textOpener(db, documentId);
