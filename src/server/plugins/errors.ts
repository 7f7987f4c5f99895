// JSON body parsing and the error answers: every error is {errors:[...]} with a message a person
// can act on, and a 500 never shows internals.
import type { FastifyError } from 'fastify';
import { sharedPlugin } from '../context.ts';
import { ApiError, invalidJson, noFileUploaded, somethingWentWrong } from '../errors.ts';

export const JSON_BODY_LIMIT = 256 * 1024;

export const errorsPlugin = sharedPlugin(async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: JSON_BODY_LIMIT }, (_request, body, done) => {
    if (body === '') return done(null, {});
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(invalidJson(), undefined);
    }
  });

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) return reply.code(error.statusCode).send(error.body);
    const code = 'code' in error ? error.code : undefined;
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send({ errors: [{ message: `The request is too large (at most ${JSON_BODY_LIMIT / 1024} KB of JSON).` }] });
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
