// What the reporter's JSON API and their page share: opening the case (limits, the one answer for a
// wrong code or secret) and adding information (checked, stored, compliance alerted in one transaction).
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../../core/context.ts';
import { validationError } from '../../core/errors.ts';
import type { Collection } from '../../core/registry.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import { t } from '../../../engine/text/messages.ts';
import { normalizeCode } from '../../../engine/cases/reporter-case.ts';
import { queueConfidentialNotice } from '../alerts/index.ts';
import { openCase, type OpenedCase } from './open-case.ts';
import { checkAddition, storeAddition } from './thread-write.ts';

/** The one refusal of a wrong code or secret, whichever it was. */
export const notRecognised = (lang: Lang) => validationError(null, [{ path: 'secret', message: t('reporterNotRecognised', lang) }]);

/** The case the body's code and secret open, after the limits (per address, per code); else notRecognised. */
export async function openOrRefuse(
  ctx: ServerContext,
  request: FastifyRequest,
  collections: readonly Collection[],
  lang: Lang,
  proof = request.body as { code?: unknown; secret?: unknown },
): Promise<OpenedCase> {
  await ctx.limits.create(request, 'reporter-case');
  const code = normalizeCode(proof?.code);
  if (code) await ctx.limits.caseCode(request, code);
  const opened = await openCase(ctx.db, collections, proof?.code, proof?.secret);
  if (!opened) throw notRecognised(lang);
  return opened;
}

/** The reporter's addition stored, its files attached, compliance alerted; answers the message id. */
export async function addInformation(
  ctx: ServerContext,
  { collection, row }: OpenedCase,
  body: { text?: unknown; files?: unknown },
  claims: readonly string[],
  lang: Lang,
): Promise<number> {
  const { text, uploadIds } = checkAddition(body, lang);
  return ctx.db.transaction(async (tx) => {
    const id = await storeAddition(ctx.sealed, tx, collection, row, { text, uploadIds, claims }, lang, ctx.config.uploadOrphanMinutes);
    await queueConfidentialNotice(tx, { collection, row, lang }, `reporter-message-${id}`);
    return id;
  });
}
