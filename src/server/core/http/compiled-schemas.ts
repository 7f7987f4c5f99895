// The route schemas' validators and serializers, compiled once per process and schema: Fastify's own
// compilers (@fastify/ajv-compiler, @fastify/fast-json-stringify-compiler, the same options) make them
// per server instance, which cost about 0.7 s of CPU on every start here (a test file starts several).
// A compiled validator or serializer holds no state of the instance that made it, so instances in one
// process share them, keyed by the schema's JSON text (the route-schemas plugin makes a new object per
// route and instance) with the shared schemas and options it was made with.
import { AjvCompiler, type BuildCompilerFromPool } from '@fastify/ajv-compiler';
import { SerializerSelector, type SerializerFactory } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

/** What Fastify hands a compiler for each part of a route. */
interface RouteSchema {
  schema: unknown;
  httpPart?: string;
}

const validators = new Map<string, unknown>();
const serializers = new Map<string, unknown>();
const ajvPools = AjvCompiler();
const serializerPools = SerializerSelector();

/** One compiled function per text: what `compile` made the first time `key` was asked. */
function once<F>(cache: Map<string, unknown>, key: string, compile: () => F): F {
  if (!cache.has(key)) cache.set(key, compile());
  return cache.get(key) as F;
}

const buildValidator: BuildCompilerFromPool = (externalSchemas, options) => {
  const compile = ajvPools(externalSchemas, options);
  const pool = JSON.stringify([externalSchemas, options]);
  // Fastify calls it with the route's part ({ schema, method, url, httpPart }), which the package's types call the schema.
  return ((route: RouteSchema) =>
    once(validators, `${pool}\n${route.httpPart}\n${JSON.stringify(route.schema)}`, () => compile(route as never))) as typeof compile;
};

const buildSerializer: SerializerFactory = (externalSchemas, options) => {
  const compile = serializerPools(externalSchemas, options);
  const pool = JSON.stringify([externalSchemas, options]);
  return (route) => once(serializers, `${pool}\n${JSON.stringify(route.schema)}`, () => compile(route));
};

/** Fastify's `schemaController` option. */
export const sharedSchemaCompilers = { compilersFactory: { buildValidator, buildSerializer } } satisfies FastifyServerOptions['schemaController'];
