// JSON body parsing (Fastify's parser, within our limits) and the error answers: every error is
// {errors:[...]} with a message a person can act on, and a 500 never shows internals.
import type { FastifyError } from 'fastify';
import { sharedPlugin } from '../context.ts';
import type { FastifyRequest } from 'fastify';
import { resolveLanguage } from '../../../engine/text/language.ts';
import { t } from '../../../engine/text/messages.ts';
import { ApiError, badRequest, invalidJson, noFileUploaded, somethingWentWrong, validationError } from '../errors.ts';
import { decodeUtf8, jsonShapeProblem, poisonedPaths } from './json-body.ts';

export const JSON_BODY_LIMIT = 256 * 1024;

/** The collection a request is about (/api/<slug>...), for naming it in a body error. */
export const collectionOf = (request: FastifyRequest) => /^\/api\/([a-z0-9-]+)/.exec(request.url)?.[1] ?? null;

declare module 'fastify' {
  interface FastifyRequest {
    /** Keys of the JSON body Fastify's parser refused as prototype poisoning ("__proto__"), to be named in the 400. */
    refusedKeys: string[] | null;
  }
  interface FastifyContextConfig {
    /** The route names refusedKeys itself, among its other answers (a form's create: every wrong answer at once). */
    namesRefusedKeys?: boolean;
  }
}

export const languageOf = (request: FastifyRequest) => {
  const locale = (request.query as Record<string, unknown> | undefined)?.locale;
  return resolveLanguage(typeof locale === 'string' ? locale : request.headers['accept-language']);
};

/** The body's text once it is within the limits of core/http/json-body.ts; null for an empty body (Payload reads it as {}). */
function checkedJsonText(request: FastifyRequest, bytes: Buffer): string | null {
  const text = decodeUtf8(bytes);
  if (text === null) throw badRequest('The request is not valid UTF-8 text.');
  if (text.trim() === '') return null;
  const problem = jsonShapeProblem(text);
  if (problem)
    throw validationError(collectionOf(request), [
      { path: problem.path, message: t(problem.kind === 'duplicate' ? 'answeredTwice' : 'type', languageOf(request)) },
    ]);
  return text;
}

export const errorsPlugin = sharedPlugin(async (app) => {
  // Fastify's own JSON parser (secure-json-parse): prototype poisoning refused; the same without the poisoned keys, to name them.
  const parse = app.getDefaultJsonParser('error', 'error');
  const parseWithoutPoison = app.getDefaultJsonParser('remove', 'remove');
  app.decorateRequest('refusedKeys', null);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: JSON_BODY_LIMIT }, (request, body, done) => {
    let text: string | null;
    try {
      text = checkedJsonText(request, body as Buffer);
    } catch (error) {
      return done(error as Error, undefined);
    }
    if (text === null) return done(null, {});
    const json = text;
    parse(request, json, (error, value) => {
      if (!error) return done(null, value);
      const poisoned = poisonedPaths(json);
      if (poisoned.length === 0) return done(invalidJson(), undefined);
      request.refusedKeys = poisoned;
      parseWithoutPoison(request, json, done);
    });
  });
  app.addHook('preValidation', async (request) => {
    if (!request.refusedKeys || request.routeOptions.config?.namesRefusedKeys) return;
    const message = t('additionalProperties', languageOf(request));
    throw validationError(
      collectionOf(request),
      request.refusedKeys.map((path) => ({ path, message })),
    );
  });

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) return reply.code(error.statusCode).headers(error.headers).send(error.body);
    // A route's JSON schema (core/http/route-schemas.ts) refused a param, query parameter, header or body field: named, in Payload's shape.
    if ('validation' in error && Array.isArray(error.validation)) {
      const where = error.validationContext ?? 'request';
      const fields = error.validation.map((issue) => {
        const missing = (issue.params as { missingProperty?: string } | undefined)?.missingProperty;
        const path = [...issue.instancePath.split('/').filter(Boolean), ...(missing ? [missing] : [])].join('.') || where;
        return { path, message: `${path} (${where}) ${issue.message ?? 'is invalid'}.` };
      });
      const answer = validationError(collectionOf(request), fields);
      return reply.code(answer.statusCode).send(answer.body);
    }
    const code = 'code' in error ? error.code : undefined;
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send({
        errors: [{ name: 'APIError', data: { size: JSON_BODY_LIMIT }, message: `The request is too large (at most ${JSON_BODY_LIMIT / 1024} KB of JSON).` }],
      });
    }
    if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.code(415).send({ errors: [{ message: 'Send JSON (Content-Type: application/json), or a file as multipart/form-data.' }] });
    }
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
      const answer = noFileUploaded();
      return reply.code(answer.statusCode).send(answer.body);
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) return reply.code(status).send({ errors: [{ message: error.message }] });
    request.log.error(error);
    const answer = somethingWentWrong();
    return reply.code(500).send(answer.body);
  });
}, 'errors');
