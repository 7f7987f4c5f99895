// The JSON schemas of our routes' params, query strings and headers (Fastify validates them before a
// handler runs). They state shapes and bounds; a value's meaning (a whole number, a known slug) is
// its handler's to judge, in Payload's words. Bodies: a form's compiled schema (validation.ts) or a
// route's own body schema.

const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;

/** A collection or global slug: an unknown one is Payload's 404 "Route not found", answered by the handler. */
export const slugParams = { type: 'object', properties: { slug: text(100) }, required: ['slug'] } as const;
/** A row's `:id` (its value is judged by core/http/row-id.ts). */
export const idParams = { type: 'object', properties: { id: text(12) }, required: ['id'] } as const;
export const slugIdParams = { type: 'object', properties: { slug: text(100), id: text(100) }, required: ['slug', 'id'] } as const;

/** Payload's read and create parameters (qs-parsed, query-string.ts); others are ignored, as Payload ignores them. */
export const payloadQuery = {
  type: 'object',
  properties: {
    where: { anyOf: [{ type: 'object' }, { type: 'string' }] },
    limit: text(20),
    page: text(20),
    pagination: text(10),
    sort: text(500),
    depth: text(20),
    locale: text(35),
    'fallback-locale': text(35),
  },
} as const;

/** Credentials: a public key or staff token never needs more (refused before anything reads them). */
export const credentialHeaders = {
  type: 'object',
  properties: { authorization: text(8192), 'accept-language': text(500) },
} as const;

/** A form's create: the single-use human-check proof, when the form has one, and the claims of its uploads. */
export const createHeaders = {
  type: 'object',
  properties: { ...credentialHeaders.properties, 'x-captcha-proof': text(2000), 'x-upload-claim': text(4000), 'x-party': text(20), 'content-type': text(300) },
} as const;

/** Sign-in: bounded, so no one makes the server hash a megabyte; a missing field is the handler's Payload message. */
export const loginBody = {
  type: 'object',
  properties: { email: text(320), password: text(1024) },
} as const;
