// Whether everything the guest answered is in the draft, shown on the page as data-draft on a
// hidden marker: "saving" from a change (or the first keystroke a field holds) until the draft
// is written, then "saved". Scripts and tests wait for it instead of guessing a delay. An
// external store, so a keystroke re-renders the marker alone, never the form.
import { useSyncExternalStore } from 'react';

export type DraftState = 'none' | 'saving' | 'saved';

export class DraftStatus {
  private state: DraftState = 'none';
  private readonly listeners = new Set<() => void>();

  set(next: DraftState): void {
    if (next === this.state) return;
    this.state = next;
    for (const listener of this.listeners) listener();
  }

  readonly get = (): DraftState => this.state;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

const onServer = (): DraftState => 'none';

export function DraftMark({ status }: { status: DraftStatus }) {
  const state = useSyncExternalStore(status.subscribe, status.get, onServer);
  return <span className="draft-state" data-draft={state} hidden />;
}
