// A file chosen without a connection cannot be uploaded yet, so the answer cannot hold its upload
// id. It holds a number no upload id reaches instead (2^50 and up; the server's ids count from 1):
// the page's validator, which is the server's schema (file ids are integers), accepts the answer,
// the draft and the queue keep it like any other, and the number names the file's sealed bytes on
// the device (keptFiles.ts). It is swapped for the upload's id before the answer leaves the device;
// one that got to the server anyway would be refused there, naming the question (no such upload).
// Apart from keptFiles.ts so the form checks for one without loading the device store.
const FIRST = 2 ** 50;

/** A new number for a kept file (random: two tabs keeping files at once never meet). */
export function newKeptFileId(): number {
  const [high, low] = crypto.getRandomValues(new Uint32Array(2));
  return FIRST + (high % 2 ** 20) * 2 ** 32 + low;
}

export const isKeptFileId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= FIRST;

/** Every kept file's number in the answers (file answers sit at the top or in a repeat's rows). */
export function keptFileIds(value: unknown): number[] {
  if (isKeptFileId(value)) return [value];
  if (Array.isArray(value)) return value.flatMap(keptFileIds);
  if (value && typeof value === 'object') return Object.values(value).flatMap(keptFileIds);
  return [];
}

/** The answers with each kept file's number replaced by its upload's id. */
export function withUploadIds<T>(value: T, ids: ReadonlyMap<number, number | string>): T {
  if (isKeptFileId(value)) return (ids.get(value) ?? value) as T;
  if (Array.isArray(value)) return value.map((item) => withUploadIds(item, ids)) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, withUploadIds(item, ids)])) as T;
  return value;
}
