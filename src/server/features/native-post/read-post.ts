// A form's body as the browser posts it without JavaScript: urlencoded name/value pairs, or
// multipart with its files, each file kept through the same inspection as POST /api/{uploads}
// (features/uploads keepUpload) and claimed for this submission only.
import type { FastifyRequest } from 'fastify';
import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import type { Lang } from '../../../engine/text/languages.ts';
import { megabytes } from '../../../engine/text/format.ts';
import { t } from '../../../engine/text/messages.ts';
import { ApiError, type FieldError } from '../../core/errors.ts';
import type { ServerContext } from '../../core/context.ts';
import type { LoadedForm } from '../../core/forms/compiled-forms.ts';
import type { UploadRule } from '../../../engine/compiler/compiled.ts';
import { keepUpload } from '../uploads/index.ts';
import { answerAt, controlCount } from './posted-answers.ts';

/** More name/value pairs than any form has controls is no guest's post (the urlencoded parser's bound, before the form is known). */
export const MAX_PAIRS = 1000;
/** The longest answer (a comment) is a few thousand characters. */
const MAX_VALUE_BYTES = 64 * 1024;
/** All the texts of one post together, names included (an urlencoded body's limit too): a form's answers are a few KB; files stream, within their own limits. */
export const MAX_TEXT_BYTES = 256 * 1024;
/** Pairs a page posts beyond its answers' controls: hidden fields, a browser's extras. */
const PAIRS_MARGIN = 20;

/** The most name/value pairs a post of this form may hold (posted-answers.ts controlCount). */
export const maxPairsOf = (form: LoadedForm) => controlCount(form.compiled.schema as never) + PAIRS_MARGIN;

export interface Posted {
  pairs: [string, string][];
  /** Upload ids by control id. */
  uploads: Map<string, number[]>;
  /** What each file kept was ("control id:type:bytes"), in order: what tells a second post of the same files. */
  files: string[];
  /** The claims of those uploads (features/uploads/upload-claims.ts): the submission may attach them. */
  claims: string[];
  /** Files refused (type, size, content), by answer path, in the page's language. */
  fileErrors: FieldError[];
}

export const tooMuch = () => new ApiError(413, { errors: [{ message: 'The form sent too many answers or too long an answer.' }] });

/** An urlencoded body as its pairs, in order (the content-type parser of native-post/plugin.ts). */
export function urlencodedPairs(body: string): [string, string][] {
  const pairs = [...new URLSearchParams(body)];
  if (pairs.length > MAX_PAIRS) throw tooMuch();
  return pairs;
}

/** What a refused file is called in the page's language. */
function refusal(error: unknown, maxBytes: number, lang: Lang): string {
  if (!(error instanceof ApiError)) throw error;
  if (error.statusCode === 413) return t('fileTooLarge', lang, { mb: megabytes(maxBytes) });
  const [first] = (error.body as { errors?: { message?: string; data?: { errors?: { message: string }[] } }[] }).errors ?? [];
  const message = first?.data?.errors?.[0]?.message ?? first?.message ?? '';
  // Said in English by the uploads API; the others (content refused) are already in the page's language.
  if (message.startsWith('Invalid file type')) return t('fileType', lang);
  if (message === 'No files were uploaded.') return t('uploadFailed', lang);
  return message;
}

export async function readMultipart(ctx: ServerContext, request: FastifyRequest, form: LoadedForm, lang: Lang): Promise<Posted> {
  const rules = form.compiled.uploads;
  return readParts(ctx, request, lang, {
    rules,
    // Past the form's own count of texts (busboy stops reading: FST_FIELDS_LIMIT) or MAX_TEXT_BYTES of them, the
    // post is refused as it arrives: nothing more is read into memory (the rest of the body is discarded).
    maxPairs: maxPairsOf(form),
    maxFiles: rules.reduce((count, rule) => count + (rule.multiple ? 10 : 1), 0),
    ruleOf: (control) => {
      const answer = answerAt(form.compiled.schema as never, control);
      return answer ? rules.find((candidate) => candidate.field === answer.path.join('.')) : undefined;
    },
  });
}

/** How a page other than a form's (a case page's answer) reads its multipart post: its file controls' rules by control name, and its bounds. */
export interface PartsOptions {
  rules: readonly UploadRule[];
  maxPairs: number;
  maxFiles: number;
  ruleOf: (control: string) => UploadRule | undefined;
}

/** A multipart post's texts and files, each file of a known control kept through keepUpload (its rule's collection), others read past. */
export async function readParts(ctx: ServerContext, request: FastifyRequest, lang: Lang, options: PartsOptions): Promise<Posted> {
  const posted: Posted = { pairs: [], uploads: new Map(), files: [], claims: [], fileErrors: [] };
  const largest = Math.max(1, ...options.rules.map((rule) => rule.maxBytes));
  const { maxPairs, maxFiles: files } = options;
  // A file past its limit is cut one byte over it and told as too large at its field (keepUpload), not a 413 for
  // the whole post (the option is @fastify/multipart's for parts() too, though its types name it for file() only).
  const limits = { fields: maxPairs, files, parts: maxPairs + files, fieldSize: MAX_VALUE_BYTES, fileSize: largest + 1 };
  const parts = request.parts({ limits, throwFileSizeLimit: false } as Parameters<FastifyRequest['parts']>[0]);
  let textBytes = 0;
  for await (const part of parts as AsyncIterable<MultipartFile | MultipartValue>) {
    if (part.type === 'field') {
      const value = String(part.value);
      textBytes += Buffer.byteLength(part.fieldname) + Buffer.byteLength(value);
      if (part.valueTruncated || textBytes > MAX_TEXT_BYTES) throw tooMuch();
      posted.pairs.push([part.fieldname, value]);
      continue;
    }
    const rule = options.ruleOf(part.fieldname);
    const collection = rule && ctx.registry.collections.get(rule.collection);
    // A file input left empty still sends a part: no name, no bytes.
    if (!rule || !collection || !part.filename) {
      part.file.resume();
      await new Promise((resolve) => part.file.once('end', resolve));
      continue;
    }
    const slot = await ctx.orphanUploads.reserve(ctx.db, request.ip, lang);
    try {
      const kept = await keepUpload(ctx.db, ctx.config.dataDir, collection, part.file, lang, ctx, request.ip);
      await slot.keep(kept.row.id);
      posted.uploads.set(part.fieldname, [...(posted.uploads.get(part.fieldname) ?? []), kept.row.id]);
      posted.claims.push(kept.claim);
      posted.files.push(`${part.fieldname}:${String(kept.row.data.mimeType)}:${String(kept.row.data.filesize)}`);
    } catch (error) {
      await slot.release();
      if (!part.file.readableEnded) part.file.resume();
      posted.fileErrors.push({ path: rule.field, message: refusal(error, rule.maxBytes, lang) });
    }
  }
  return posted;
}
