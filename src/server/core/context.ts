// What every plugin receives: configuration, database, and the collections known at start.
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { ServerConfig } from './config.ts';
import type { Db } from './db/db.ts';
import type { Registry } from './registry.ts';
import type { Limits } from './rate-limits.ts';
import type { Caller } from './access/caller.ts';
import type { UniqueRule } from './db/unique-indexes.ts';
import type { OrphanUploadBudget } from './storage/orphan-budget.ts';
import type { UploadStorage } from './storage/storage.ts';
import type { SubmissionAnswer, SubmissionHook } from './submission-hooks.ts';
import type { Migration } from './db/migrations.ts';
import type { Outbox } from './outbox/worker.ts';
import type { Timers } from './timers/worker.ts';

export interface ServerContext {
  config: ServerConfig;
  db: Db;
  registry: Registry;
  jwtSecret: string;
  /** Made by buildApp from the rate-limit plugin, registered before any other. */
  limits: Limits;
  /** Unique rules by database index name, to explain a violation. */
  uniqueRules: Map<string, UniqueRule>;
  /** Uploads waiting for a submission, per client address. */
  orphanUploads: OrphanUploadBudget;
  /** Where accepted uploads are kept: DATA_DIR or S3-compatible object storage. */
  uploads: UploadStorage;
  /** Every feature's hooks on a stored submission, run in its transaction (core/submission-hooks.ts). */
  submissionHooks: readonly SubmissionHook[];
  /** Every feature's fields beside `doc` in a create's 201 answer (core/submission-hooks.ts). */
  submissionAnswers: readonly SubmissionAnswer[];
  /** Every feature's fields the no-JavaScript thank-you page shows again (core/feature.ts). */
  thanksAnswers: readonly SubmissionAnswer[];
  /** Every schema migration this code expects applied (core's and each feature's): readiness checks them. */
  migrations: readonly Migration[];
  /** The one sender of messages (core/outbox): features register their kinds on it and queue with enqueue(). */
  outbox: Outbox;
  /** The one worker of due steps (core/timers): features register their kinds on it and schedule with scheduleStep(). */
  timers: Timers;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller;
  }
}

/**
 * A plugin that is not encapsulated (fastify-plugin), so the hooks it adds (authentication, error
 * handling, headers) apply to routes of sibling plugins.
 */
export function sharedPlugin(plugin: FastifyPluginAsync<ServerContext>, name?: string): FastifyPluginAsync<ServerContext> {
  return fp(plugin, { fastify: '5.x', ...(name ? { name } : {}) });
}

/** A plugin whose hooks and decorations stay its own (fastify-plugin's metadata, encapsulation kept). */
export function ownPlugin<Options extends object = ServerContext>(name: string, plugin: FastifyPluginAsync<Options>): FastifyPluginAsync<Options> {
  return fp(plugin, { fastify: '5.x', name, encapsulate: true });
}
