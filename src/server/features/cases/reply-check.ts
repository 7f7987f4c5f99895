// A reply as sent (POST body) checked in the console's language: the guest may be replied to
// (409 naming why), the words are there and within CASE_REPLY_MAX_LENGTH, the template is one of
// this form's in the guest's language and every placeholder is ours (400 naming the field).
import type { Queryable } from '../../core/db/db.ts';
import type { Collection } from '../../core/registry.ts';
import { ApiError, validationError } from '../../core/errors.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import { t, type MessageKey } from '../../../engine/text/messages.ts';
import { CASE_REPLY_MAX_LENGTH, type ReplyBlock } from '../../../engine/contract/cases.ts';
import { REPLY_PLACEHOLDERS, unknownPlaceholders } from '../../../engine/cases/reply-placeholders.ts';
import { REPLY_TEMPLATES } from './template-collection.ts';

const BLOCK_MESSAGES: Record<ReplyBlock, MessageKey> = { 'no-contact': 'staffCaseNoContact', 'said-no': 'staffCaseSaidNo', 'no-email': 'staffCaseNoEmail' };

/** 409: this guest is not to be replied to; `code` says why (the console shows the reason instead of the button). */
export function replyRefused(collection: Collection, block: ReplyBlock, lang: Lang): ApiError {
  const message = t(BLOCK_MESSAGES[block], lang);
  return new ApiError(409, {
    errors: [{ name: 'ReplyNotPossible', message, data: { collection: collection.slug, errors: [{ path: 'contact', code: block, message }] } }],
  });
}

/** The placeholder problem of a text, in `lang`, or null. */
export function placeholderProblem(text: string, lang: Lang): string | null {
  const unknown = unknownPlaceholders(text);
  return unknown.length
    ? t('staffCasePlaceholderUnknown', lang, {
        name: unknown.map((name) => `{${name}}`).join(', '),
        known: REPLY_PLACEHOLDERS.map((name) => `{${name}}`).join(', '),
      })
    : null;
}

export interface CheckedReply {
  /** Trimmed, placeholders not yet filled. */
  text: string;
  /** The template's subject (placeholders not yet filled), when it has one. */
  subject: string | null;
  templateId: number | null;
}

type Template = { id: number; data: { form?: unknown; language?: unknown; subject?: unknown; body?: unknown } };

export async function checkReply(db: Queryable, collection: Collection, body: unknown, guestLang: Lang, lang: Lang): Promise<CheckedReply> {
  const given = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const fail = (path: string, message: string) => validationError(collection.slug, [{ path, message }]);
  let template: Template | null = null;
  if (given.template !== undefined && given.template !== null && given.template !== '') {
    const id = Number(given.template);
    const { rows } =
      Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647
        ? await db.query<Template>('SELECT id, data FROM documents WHERE collection = $1 AND id = $2', [REPLY_TEMPLATES, id])
        : { rows: [] };
    template = rows[0] ?? null;
    if (!template || template.data.form !== collection.form!.compiled.id || template.data.language !== guestLang)
      throw fail('template', t('staffCaseTemplateUnknown', lang));
  }
  const written = typeof given.text === 'string' ? given.text.trim() : '';
  const text = written || (typeof template?.data.body === 'string' ? template.data.body.trim() : '');
  if (text === '') throw fail('text', t('staffCaseReplyEmpty', lang));
  if (text.length > CASE_REPLY_MAX_LENGTH) throw fail('text', t('staffCaseReplyTooLong', lang, { max: CASE_REPLY_MAX_LENGTH }));
  const problem = placeholderProblem(text, lang);
  if (problem) throw fail('text', problem);
  const subject = typeof template?.data.subject === 'string' && template.data.subject.trim() ? template.data.subject.trim() : null;
  return { text, subject, templateId: template?.id ?? null };
}
