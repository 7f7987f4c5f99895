// Identical insights reads share one computation while the rollup is unchanged: the managers of a
// morning opening the same page at once cost one aggregation, not eight (PGlite runs one query at a
// time). Keyed by the request, the caller's venues and the rollup's generation (fold.ts, bumped in
// the database by every fold that counted something, by any instance): a new submission is folded
// by the next read, which then finds a new generation and computes again. Never shared across venue
// scopes: a manager's answer is only ever given to callers reading exactly the same venues.
import type { VenueScope } from './scope.ts';

/** Answers kept at most (the oldest is dropped first): a few views of a few forms per generation. */
export const SHARED_ANSWERS_MAX = 64;

export interface SharedRequest {
  form: string;
  by: string | null;
  period: string;
  from: string;
  to: string;
  venues: VenueScope;
}

export class SharedAnswers<T> {
  readonly #answers = new Map<string, Promise<T>>();
  #generation = '';

  constructor(readonly max = SHARED_ANSWERS_MAX) {}

  /** The answer of an identical request of the same generation (under way or done), or compute's. */
  answer(request: SharedRequest, generation: string, compute: () => Promise<T>): Promise<T> {
    // A new generation makes every kept answer stale: drop them all (generations only grow).
    if (generation !== this.#generation) {
      this.#answers.clear();
      this.#generation = generation;
    }
    const venues = request.venues === null ? null : [...request.venues].sort();
    const key = JSON.stringify([request.form, request.by, request.period, request.from, request.to, venues]);
    const kept = this.#answers.get(key);
    if (kept) return kept;
    const computed = compute();
    this.#answers.set(key, computed);
    // A failed computation is not kept (the next request tries again).
    computed.catch(() => {
      if (this.#answers.get(key) === computed) this.#answers.delete(key);
    });
    if (this.#answers.size > this.max) this.#answers.delete(this.#answers.keys().next().value!);
    return computed;
  }

  get size(): number {
    return this.#answers.size;
  }
}
