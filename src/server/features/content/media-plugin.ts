// The media collection of content files: POST /api/media (multipart `file`, Payload's upload
// create) for staff who may edit content, and GET /api/media/file/:filename for everyone, since
// logos and public PDFs appear on the public pages (an <img> or a link sends no credentials).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ownPlugin, type ServerContext } from '../../core/context.ts';
import { CONTENT_UPLOADS } from '../../../engine/compiler/content-shape.ts';
import { createHeaders, credentialHeaders, payloadQuery } from '../../core/http/route-schemas.ts';
import { toDoc } from '../../core/documents.ts';
import { receiveUpload } from '../uploads/index.ts';
import { storedFile } from '../uploads/index.ts';
import { cleanupUnusedMedia, contentMedia } from './content-media.ts';
import { can } from '../../core/access/roles.ts';
import { recordAudit } from '../audit/index.ts';
import { forbidden, routeNotFound } from '../../core/errors.ts';
import { pathnameOf } from '../../core/http/pathname.ts';

/**
 * A stored file is shown as an image or a PDF, never as a page of ours (the type is sniffed from
 * its bytes on upload, sent with nosniff; SVG is refused; markup inside is refused). An image runs
 * nothing even opened on its own. A PDF is not sandboxed: Chrome will not show a PDF in a sandboxed
 * document at all (the /docs page's preview would be blocked), so its safety is the upload's: any
 * script, action or attached file in it is refused (features/uploads/pdf-metadata.ts).
 */
const IMAGE_POLICY = "default-src 'none'; sandbox";

const MINUTE = 60_000;

const fileParams = {
  type: 'object',
  properties: { filename: { type: 'string', maxLength: 200 } },
  required: ['filename'],
} as const;

export const contentMediaPlugin = ownPlugin('content-media', async (app: FastifyInstance, ctx: ServerContext) => {
  const media = await contentMedia(ctx.config.formsBuildDir);

  app.post(`/api/${CONTENT_UPLOADS}`, { schema: { querystring: payloadQuery, headers: createHeaders } }, async (request, reply) => {
    if (!media) throw routeNotFound(pathnameOf(request));
    if (!can(request.caller, 'edit-content')) throw forbidden();
    await ctx.limits.create(request, media.slug);
    const { row } = await receiveUpload(ctx.db, ctx.config.dataDir, media, request, ctx);
    await recordAudit(ctx.db, request.caller, { action: 'upload-media', target: media.slug, documentId: row.id, detail: { mimeType: row.data.mimeType, filesize: row.data.filesize } });
    return reply.code(201).send({ doc: toDoc(media, row), message: `${media.label} successfully created.` });
  });

  app.get(`/api/${CONTENT_UPLOADS}/file/:filename`, { schema: { params: fileParams, headers: credentialHeaders } }, async (request: FastifyRequest<{ Params: { filename: string } }>, reply) => {
    if (!media) throw routeNotFound(pathnameOf(request));
    const { filename, mimeType, file } = await storedFile(ctx.db, ctx, media.slug, request.params.filename);
    if (mimeType !== 'application/pdf') reply.header('content-security-policy', IMAGE_POLICY);
    return reply
      .type(mimeType)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', `inline; filename="${filename}"`)
      // A file's name is random and never reused: it can be kept for good.
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(file);
  });

  if (!media) return;
  const contentSlugs = [...ctx.registry.collections.values()].filter((collection) => collection.kind === 'content').map((collection) => collection.slug);
  const sweep = async () => {
    try {
      const removed = await cleanupUnusedMedia(ctx.db, ctx.uploads, contentSlugs, new Date(), ctx.config.uploadOrphanMinutes);
      if (removed) app.log.info(`Removed ${removed} content file(s) no content refers to.`);
    } catch (error) {
      app.log.error(error, 'Content file clean-up failed');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => void sweep(), 10 * MINUTE).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
});
