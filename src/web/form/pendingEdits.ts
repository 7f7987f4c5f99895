// What a guest is typing stays in the field until typing pauses (see bufferedWidgets.tsx): a
// keystroke re-renders that one control, not the form. The form hands over every edit still in
// a field before it is submitted, saved as a draft or left (page hidden or closed).
export class PendingEdits {
  private readonly edits = new Map<string, () => void>();

  /** `onHold` hears of every typed edit the moment it is held (the draft is no longer up to date). */
  constructor(private readonly onHold: () => void = () => {}) {}

  get holding(): boolean {
    return this.edits.size > 0;
  }

  /** `commit` hands the field's typed value to the form; it is called at most once per registration. */
  hold(id: string, commit: () => void): void {
    this.edits.set(id, commit);
    this.onHold();
  }

  release(id: string): void {
    this.edits.delete(id);
  }

  /** Hands every typed value to the form now. */
  flush(): void {
    const commits = [...this.edits.values()];
    this.edits.clear();
    for (const commit of commits) commit();
  }
}
