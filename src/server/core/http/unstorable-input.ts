// Text PostgreSQL can neither store nor compare (a null character; half of a UTF-16 surrogate pair,
// which a JSON escape can make) is refused in one place for every route, before any handler or
// query sees it: a route parameter, a query parameter (names too) or a JSON body field. An API route answers 400 naming the parameter (Payload's ValidationError shape); a page
// address, which names no parameter to a guest, is Not Found like any unknown address. An address
// whose percent-encoding is malformed (`%E0%A4%A`, or `%ED%A0%80`: the UTF-8 of a lone surrogate)
// never reaches a route: Fastify hands it to frameworkErrors (app.ts), answered here the same way.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { sharedPlugin } from '../context.ts';
import { isStorableText, printable, unstorableTexts } from '../forms/answer-limits.ts';
import { t } from '../../../engine/text/messages.ts';
import { ApiError, validationError, type FieldError } from '../errors.ts';
import { pathnameOf } from './pathname.ts';
import { collectionOf, languageOf } from './errors-plugin.ts';

/** Enough to name what is wrong; the rest of a hostile request is not worth walking. */
const MAX_NAMED = 20;

const isApi = (request: FastifyRequest) => pathnameOf(request).startsWith('/api/');
/** JSON bodies only: a page's own post (features/native-post) names such an answer at its question, in the form's language. */
const isJson = (request: FastifyRequest) => /^application\/json\s*(;|$)/i.test(request.headers['content-type'] ?? '');

/** The route or query parameters (named as the request wrote them: where[a][equals], in[0]) holding such text, or whose name does. */
function unstorableParameters(value: unknown, name: string, found: string[]): string[] {
  if (found.length >= MAX_NAMED) return found;
  if (typeof value === 'string') {
    if (!isStorableText(value)) found.push(name);
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const child = name ? `${name}[${printable(key)}]` : printable(key);
      if (!isStorableText(key)) found.push(child);
      else unstorableParameters(item, child, found);
    }
  }
  return found;
}

function refusal(request: FastifyRequest, paths: string[], named: boolean): ApiError {
  const message = t('unstorableText', languageOf(request));
  const errors: FieldError[] = paths.map((path) => ({ path, message: named ? `${path}: ${message}` : message }));
  return validationError(collectionOf(request), errors);
}

/** Fastify's frameworkErrors (app.ts): an address that cannot be decoded, or a parameter over its length. */
export function answerUnroutable(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  // No hook runs for such an address: the security headers are set here.
  reply.headers(request.server.securityHeaders ?? {});
  if (!isApi(request)) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
  const message = error.code === 'FST_ERR_BAD_URL' ? 'The address is not valid: its percent-encoding is not UTF-8 text.' : 'The address is too long.';
  return reply.code(400).send({ errors: [{ message }] });
}

export const unstorableInputPlugin = sharedPlugin(async (app) => {
  app.addHook('onRequest', (request, reply, done) => {
    if (request.is404) return done();
    const params = unstorableParameters(request.params, '', []);
    const query = unstorableParameters(request.query, '', []);
    if (params.length === 0 && query.length === 0) return done();
    // A page: not found, as the page answers an address it does not know (the chain stops here).
    if (!isApi(request)) return void reply.callNotFound();
    done(refusal(request, [...params, ...query], true));
  });
  app.addHook('preValidation', (request, _reply, done) => {
    if (!isJson(request) || !request.body || typeof request.body !== 'object') return done();
    const issues = unstorableTexts(request.body, MAX_NAMED);
    done(
      issues.length
        ? refusal(
            request,
            issues.map((issue) => issue.path),
            false,
          )
        : undefined,
    );
  });
}, 'unstorable-input');
