// A form's draft (form/draft.ts), sealed on the device like the queue (deviceStore.ts): the draft's
// name says which form and page, its answers are sealed bytes. Writes and deletes of one draft run
// one after the other, so a write still under way never brings back a draft deleted after it.
import { deviceDb, keptDeviceDb, seal, unseal } from './deviceStore.ts';

const queues = new Map<string, Promise<unknown>>();

function inTurn<T>(name: string, run: () => Promise<T>): Promise<T> {
  const next = (queues.get(name) ?? Promise.resolve()).catch(() => undefined).then(run);
  queues.set(name, next);
  return next;
}

export function readSealedDraft<T>(name: string): Promise<T | null> {
  return inTurn(name, async () => {
    const row = await (await keptDeviceDb())?.get('drafts', name);
    return row ? unseal<T>(row) : null;
  });
}

export function writeSealedDraft(name: string, value: unknown): Promise<void> {
  return inTurn(name, async () => {
    const sealed = await seal(value);
    await (await deviceDb()).put('drafts', { at: Date.now(), ...sealed }, name);
  });
}

export function deleteSealedDraft(name: string): Promise<void> {
  return inTurn(name, async () => {
    await (await keptDeviceDb())?.delete('drafts', name);
  });
}
