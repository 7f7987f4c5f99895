// The server half of `npm run bench` (also alone: `npm run bench:server`): creates per second and
// latency at CONCURRENCY connections, beside a bare Fastify route answering 201 without work,
// measured by the same client in the same run. A benchmark, not a test: nothing fails on a time.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
export const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 5);
export const CONCURRENCY = 50;

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
export const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? NaN;
export const fmt = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '-');

export interface LoadResult {
  perSecond: number;
  p99: number;
  median: number;
  failed: number;
  /** The server process's CPU time per request: steadier than times when other work shares the cores. */
  cpuMs: number;
}

/** CPU time (user + system) of a process so far, in ms; NaN where /proc cannot tell. */
export function cpuTimeMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime, fields 14 and 15 of stat (11 and 12 after the command name), in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

/** The dining survey's answers as a guest sends them. */
export const DINING_ANSWERS = {
  visited_restaurant: 'Cova',
  meal_period: 'lunch',
  rating_greeting: 'good',
  rating_service: 'good',
  rating_food: 'good',
  rating_beverage: 'good',
  rating_value_for_money: 'good',
  rating_cleanliness: 'good',
};

/**
 * One POST on a kept-alive connection. node:http rather than fetch: fetch costs the client several
 * times the CPU of the bare route itself, and the client shares the machine's cores with the server.
 */
function post(agent: Agent, url: URL, body: string, headers: Record<string, string | (() => string)>): Promise<number> {
  return new Promise((done, fail) => {
    const own = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, typeof value === 'function' ? value() : value]));
    const sent = request(
      url,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), ...own } },
      (response) => {
        response.resume();
        response.on('end', () => done(response.statusCode ?? 0));
        response.on('error', fail);
      },
    );
    sent.on('error', fail);
    sent.end(body);
  });
}

/** Creates per second and latency with `CONCURRENCY` connections each sending one request after another; a header may be made per request. */
export async function load(url: string, body: unknown, headers: Record<string, string | (() => string)>, pid: number): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const target = new URL(url);
  const json = JSON.stringify(body);
  const latencies: number[] = [];
  let failed = 0;
  const send = async () => {
    const started = performance.now();
    if ((await post(agent, target, json, headers)) !== 201) failed++;
    return performance.now() - started;
  };
  // Warm up (JIT, connections), then measure.
  await Promise.all(Array.from({ length: CONCURRENCY }, () => send()));
  failed = 0;
  const cpuBefore = cpuTimeMs(pid);
  const end = performance.now() + LOAD_SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) latencies.push(await send());
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpuMs = (cpuTimeMs(pid) - cpuBefore) / latencies.length;
  agent.destroy();
  return { perSecond: latencies.length / seconds, p99: percentile(latencies, 0.99), median: median(latencies), failed, cpuMs };
}

/** A Fastify route that answers 201 without work, in its own process like our server. */
async function startBare(): Promise<{ base: string; child: ChildProcess }> {
  const code = `import Fastify from 'fastify'; const app = Fastify(); app.post('/bare', async (_request, reply) => reply.code(201).send({ ok: true })); await app.listen({ port: 0, host: '127.0.0.1' }); console.log('Serving ' + app.server.address().port);`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((done) =>
    child.stdout!.on('data', (chunk: Buffer) => /Serving (\d+)/.test(chunk.toString()) && done(/Serving (\d+)/.exec(chunk.toString())![1])),
  );
  return { base: `http://127.0.0.1:${port}`, child };
}

export interface ServerBench {
  bare: LoadResult;
  ours: LoadResult;
  /** The same create with a fresh Idempotency-Key each, as the pages send it (claimed by the same statement). */
  withKey: LoadResult;
}

/** Measures the bare route, then our dining-survey create on the running site; prints them. */
export async function benchServer(site: { base: string; pid: number }): Promise<ServerBench> {
  console.log(
    `\nServer: ${CONCURRENCY} concurrent connections for ${LOAD_SECONDS} s each (${process.env.DATABASE_URL ? 'PostgreSQL at DATABASE_URL' : 'embedded PGlite'})`,
  );
  const authorization = `users API-Key ${process.env.PUBLIC_API_KEY ?? 'public-demo-key'}`;
  const bareServer = await startBare();
  const bare = await load(`${bareServer.base}/bare`, DINING_ANSWERS, {}, bareServer.child.pid!);
  bareServer.child.kill('SIGTERM');
  const url = `${site.base}/api/survey-customer-feedbacks`;
  const ours = await load(url, DINING_ANSWERS, { authorization }, site.pid);
  const withKey = await load(url, DINING_ANSWERS, { authorization, 'idempotency-key': randomUUID }, site.pid);
  console.log('server | creates/s | median ms | p99 ms | server CPU ms per request | non-201');
  const line = (label: string, result: LoadResult) =>
    console.log(`${label} | ${fmt(result.perSecond)} | ${fmt(result.median, 1)} | ${fmt(result.p99, 1)} | ${fmt(result.cpuMs, 2)} | ${result.failed}`);
  line('bare Fastify route (201, no work)', bare);
  line('ours: dining-survey create (validated, one statement)', ours);
  line('ours, with an Idempotency-Key as the pages send (one statement)', withKey);
  return { bare, ours, withKey };
}

/** The two server targets, printed like the page ratios. */
export function printServerTargets({ bare, ours }: ServerBench): void {
  const ratio = ours.perSecond / bare.perSecond;
  console.log(
    `server creates/s, ours / bare route: ${fmt(ratio, 2)}x (target >= 0.5x) ${ratio >= 0.5 ? 'met' : 'NOT met'}  [${fmt(ours.perSecond)} / ${fmt(bare.perSecond)} per s]`,
  );
  console.log(`server p99 at ${CONCURRENCY} concurrent: ${fmt(ours.p99, 1)} ms (target <= 50 ms) ${ours.p99 <= 50 ? 'met' : 'NOT met'}`);
}
