// JSON body parsing and the error answers: every error is {errors:[...]} with a message a person
// can act on, and a 500 never shows internals.
import type { FastifyError } from 'fastify';
import { sharedPlugin } from '../context.ts';
import type { FastifyRequest } from 'fastify';
import { resolveLanguage } from '../../engine/language.ts';
import { t } from '../../engine/messages.ts';
import { ApiError, badRequest, invalidJson, noFileUploaded, somethingWentWrong, validationError } from '../errors.ts';
import { decodeUtf8, jsonShapeProblem } from '../http/json-body.ts';

export const JSON_BODY_LIMIT = 256 * 1024;

/** The collection a request is about (/api/<slug>...), for naming it in a body error. */
const collectionOf = (request: FastifyRequest) => /^\/api\/([a-z0-9-]+)/.exec(request.url)?.[1] ?? null;

/** Parses a JSON body within the limits of http/json-body.ts; a broken one is a 400 naming the answer at fault. */
function parseJsonBody(request: FastifyRequest, bytes: Buffer): unknown {
  const text = decodeUtf8(bytes);
  if (text === null) throw badRequest('The request is not valid UTF-8 text.');
  if (text.trim() === '') return {};
  const problem = jsonShapeProblem(text);
  if (problem) {
    const locale = (request.query as Record<string, unknown> | undefined)?.locale;
    const lang = resolveLanguage(typeof locale === 'string' ? locale : request.headers['accept-language']);
    const message = t(problem.kind === 'duplicate' ? 'answeredTwice' : 'type', lang);
    throw validationError(collectionOf(request), [{ path: problem.path, message }]);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw invalidJson();
  }
}

export const errorsPlugin = sharedPlugin(async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: JSON_BODY_LIMIT }, (request, body, done) => {
    try {
      done(null, parseJsonBody(request, body as Buffer));
    } catch (error) {
      done(error as Error, undefined);
    }
  });

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) return reply.code(error.statusCode).headers(error.headers).send(error.body);
    const code = 'code' in error ? error.code : undefined;
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send({ errors: [{ name: 'APIError', data: { size: JSON_BODY_LIMIT }, message: `The request is too large (at most ${JSON_BODY_LIMIT / 1024} KB of JSON).` }] });
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
});
