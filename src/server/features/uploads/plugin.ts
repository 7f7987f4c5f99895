// Multipart parsing for upload collections, staff download of stored files, and the removal
// (checked every minute) of uploads no submission claimed within UPLOAD_ORPHAN_MINUTES.
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { sharedPlugin } from '../../core/context.ts';
import { credentialHeaders } from '../../core/http/route-schemas.ts';
import { cleanupOrphanUploads } from './orphan-cleanup.ts';
import { uploadsRoot } from '../../core/storage/storage-disk.ts';
import { storedFile } from './stored-file.ts';
import { forgetOldProofs } from '../captcha/index.ts';
import { forgetSpentChallenges } from '../captcha/index.ts';
import { forgetOldRateLimits } from '../../core/rate-limits.ts';
import { forgetExpiredRevocations } from '../../core/access/caller.ts';
import { forgetOldIdempotencyKeys } from '../../core/http/idempotency.ts';
import { forbidden, routeNotFound } from '../../core/errors.ts';
import { mayOpen, readableSql } from '../../core/access/submission-access.ts';
import { recordAudit } from '../audit/index.ts';
import { pathnameOf } from '../../core/http/pathname.ts';

const MINUTE = 60_000;

/** A stored file is downloaded, never shown by the browser as a page of ours: no script, plugin or form in it may run. */
const FILE_POLICY = "default-src 'none'; sandbox";

const fileParams = {
  type: 'object',
  properties: { slug: { type: 'string', maxLength: 100 }, filename: { type: 'string', maxLength: 200 } },
  required: ['slug', 'filename'],
} as const;

// Shared (not encapsulated): the multipart parser must serve the create route of the collections plugin.
export const uploadsPlugin = sharedPlugin(async (app, ctx) => {
  const uploadCollections = [...ctx.registry.collections.values()].filter((collection) => collection.kind === 'uploads');
  const largest = Math.max(1, ...uploadCollections.map((collection) => collection.upload!.maxBytes));
  await app.register(multipart, { limits: { fileSize: largest, files: 1, fields: 5, parts: 8 } });

  app.get(
    '/api/:slug/file/:filename',
    { schema: { params: fileParams, headers: credentialHeaders } },
    async (request: FastifyRequest<{ Params: { slug: string; filename: string } }>, reply) => {
      const collection = ctx.registry.collections.get(request.params.slug);
      if (!collection || collection.kind !== 'uploads') throw routeNotFound(pathnameOf(request));
      // Guests' files: only for who reads the submission the file belongs to.
      if (!mayOpen(request.caller, ctx.registry, collection)) throw forbidden();
      const readable = (params: unknown[]) => readableSql(request.caller, ctx.registry, collection, params);
      const { row, filename, mimeType, file } = await storedFile(ctx.db, ctx, collection.slug, request.params.filename, readable);
      await recordAudit(ctx.db, request.caller, { action: 'read-upload', target: collection.slug, documentId: row.id });
      return reply
        .type(mimeType)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', FILE_POLICY)
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(file);
    },
  );

  const maintain = async (now = new Date()) => {
    try {
      const collections = uploadCollections.map((collection) => collection.slug);
      const removed = await cleanupOrphanUploads(ctx.db, now, ctx.config.uploadOrphanMinutes, {
        uploadsRoot: uploadsRoot(ctx.config.dataDir),
        collections,
        storage: ctx.uploads,
      });
      if (removed) app.log.info(`Removed ${removed} upload(s) never attached to a submission.`);
      await ctx.orphanUploads.prune(ctx.db);
      await forgetOldProofs(ctx.db);
      await forgetSpentChallenges(ctx.db);
      await forgetOldRateLimits(ctx.db);
      await forgetExpiredRevocations(ctx.db);
      await forgetOldIdempotencyKeys(ctx.db);
    } catch (error) {
      app.log.error(error, 'Upload clean-up failed');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await maintain();
    timer = setInterval(() => void maintain(), MINUTE).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}, 'uploads');
