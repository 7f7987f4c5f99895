// Payload's write routes for content: PATCH and DELETE /api/{content}/{id}, POST /api/globals/{slug}
// (create, POST /api/{content}, shares its route with submissions in features/collections/plugin.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ownPlugin, type ServerContext } from '../../core/context.ts';
import type { Collection } from '../../core/registry.ts';
import { routeNotFound } from '../../core/errors.ts';
import { deleteContent, saveGlobal, updateContent } from './content-writes.ts';
import { pathnameOf } from '../../core/http/pathname.ts';

type SlugRequest = FastifyRequest<{ Params: { slug: string; id: string } }>;


export const contentWritesPlugin = ownPlugin('content-writes', async (app: FastifyInstance, ctx: ServerContext) => {
  function contentCollection(request: SlugRequest): Collection {
    const collection = ctx.registry.collections.get(request.params.slug);
    if (!collection || collection.kind !== 'content') throw routeNotFound(pathnameOf(request));
    return collection;
  }

  app.patch('/api/:slug/:id', async (request: SlugRequest) => {
    const collection = contentCollection(request);
    return { doc: await updateContent({ ctx, request, target: collection.slug }, collection, request.params.id), message: 'Updated successfully.' };
  });

  app.delete('/api/:slug/:id', async (request: SlugRequest) => {
    const collection = contentCollection(request);
    return { doc: await deleteContent({ ctx, request, target: collection.slug }, collection, request.params.id), message: 'Deleted successfully.' };
  });

  app.post('/api/globals/:slug', async (request: FastifyRequest<{ Params: { slug: string } }>) => {
    const global = ctx.registry.globals.get(request.params.slug);
    if (!global) throw routeNotFound(pathnameOf(request));
    return { message: 'Updated successfully.', result: await saveGlobal({ ctx, request, target: `globals/${global.slug}` }, global.slug) };
  });
});
