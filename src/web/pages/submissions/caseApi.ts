// The console's calls about a case's thread (server: features/cases), typed by the shared contract
// (engine/contract/cases.ts). The page's language goes along, so a refusal is explained in it.
import type { CaseMessage, CasePreview, CaseReply, CaseThread, ReplyBlock } from '../../../engine/contract/cases.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import type { MessageKey } from '../../../engine/text/messages.ts';
import { refusalOf, staffRequest, whereParam, type Page } from '../../staff/staffRequest.ts';

export const BLOCK_LABELS: Record<ReplyBlock, MessageKey> = {
  'no-contact': 'staffCaseNoContact',
  'said-no': 'staffCaseSaidNo',
  'no-email': 'staffCaseNoEmail',
};
export const LANGUAGE_LABELS: Record<Lang, MessageKey> = { en: 'staffCaseLangEn', ar: 'staffCaseLangAr', fr: 'staffCaseLangFr' };
export const DELIVERY_LABELS: Record<NonNullable<CaseMessage['delivery']>['state'], MessageKey> = {
  queued: 'staffCaseStateQueued',
  retrying: 'staffCaseStateRetrying',
  sent: 'staffCaseStateSent',
  failed: 'staffCaseStateFailed',
};

export interface ReplyTemplate {
  id: number;
  name: string;
  body: string;
}

const messagesPath = (collection: string, id: number) => `/api/${encodeURIComponent(collection)}/${id}/messages`;

export async function loadThread(collection: string, id: number): Promise<CaseThread | null> {
  const answer = await staffRequest<CaseThread>('GET', messagesPath(collection, id)).catch(() => null);
  return answer?.status === 200 ? answer.body : null;
}

/** The reply templates of a form in the guest's language (content, readable by all staff). */
export async function loadTemplates(formId: string, lang: Lang): Promise<ReplyTemplate[]> {
  const where = whereParam({ and: [{ form: { equals: formId } }, { language: { equals: lang } }] });
  const answer = await staffRequest<Page<ReplyTemplate>>('GET', `/api/reply-templates?${where}&limit=100&depth=0&sort=name`).catch(() => null);
  return answer?.status === 200 ? answer.body.docs : [];
}

export type ReplyOutcome<T> =
  | { kind: 'done'; value: T }
  | { kind: 'invalid'; fieldErrors: Record<string, string> }
  | { kind: 'blocked'; block: ReplyBlock }
  | { kind: 'failed'; message: string | null };

async function call<T>(path: string, reply: CaseReply, lang: Lang, ok: number): Promise<ReplyOutcome<T>> {
  const answer = await staffRequest<T>('POST', `${path}?locale=${lang}`, reply).catch(() => null);
  if (answer?.status === ok) return { kind: 'done', value: answer.body };
  const refusal = refusalOf(answer?.body);
  const block = refusal.fields.find((field) => field.path === 'contact')?.code as ReplyBlock | undefined;
  if (answer?.status === 409 && block && block in BLOCK_LABELS) return { kind: 'blocked', block };
  if (answer?.status === 400 && refusal.fields.length)
    return { kind: 'invalid', fieldErrors: Object.fromEntries(refusal.fields.map((error) => [error.path, error.message])) };
  return { kind: 'failed', message: refusal.message };
}

export const previewReply = (collection: string, id: number, reply: CaseReply, lang: Lang) =>
  call<CasePreview>(`${messagesPath(collection, id)}/preview`, reply, lang, 200);
export const sendReply = (collection: string, id: number, reply: CaseReply, lang: Lang) => call<CaseMessage>(messagesPath(collection, id), reply, lang, 201);
