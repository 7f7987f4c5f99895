// What a guest is typing stays in the field until typing pauses (see bufferedWidgets.tsx): a
// keystroke re-renders that one control, not the form. The form hands over every edit still in
// a field before it is submitted, saved as a draft or left (page hidden or closed).
export class PendingEdits {
  private readonly edits = new Map<string, () => void>();
  private pointerDown = false;
  private afterPointer: (() => void)[] = [];

  /** `settle` runs commits so the page shows their outcome before it goes on (the form passes React's flushSync). */
  constructor(private readonly settle: (commits: () => void) => void = (commits) => commits()) {}

  /** `commit` hands the field's typed value to the form; it is called at most once per registration. */
  hold(id: string, commit: () => void): void {
    this.edits.set(id, commit);
  }

  release(id: string): void {
    this.edits.delete(id);
  }

  /**
   * A field was left. With the mouse or a finger still down (pressing Submit, Remove, another
   * answer), the answer is handed over when that press becomes a click, before the click's own
   * handlers run: nothing on the page (a message that goes, a question that appears) moves
   * between the press and the release, and the click acts on the answers as typed.
   */
  left(commit: () => void): void {
    if (this.pointerDown) this.afterPointer.push(commit);
    else commit();
  }

  private runLeft = () => {
    const commits = this.afterPointer;
    this.afterPointer = [];
    if (commits.length) this.settle(() => commits.forEach((commit) => commit()));
  };

  /** Follows presses on the page; returns the function that stops. */
  listen(): () => void {
    const down = () => {
      this.pointerDown = true;
    };
    const up = () => {
      this.pointerDown = false;
      // A press that makes no click (a drag, a cancel) hands the answers over just after.
      setTimeout(this.runLeft, 0);
    };
    const options = { capture: true };
    document.addEventListener('pointerdown', down, options);
    document.addEventListener('pointerup', up, options);
    document.addEventListener('pointercancel', up, options);
    document.addEventListener('click', this.runLeft, options);
    return () => {
      document.removeEventListener('pointerdown', down, options);
      document.removeEventListener('pointerup', up, options);
      document.removeEventListener('pointercancel', up, options);
      document.removeEventListener('click', this.runLeft, options);
    };
  }

  /** Hands every typed value to the form now. */
  flush(): void {
    const commits = [...this.edits.values()];
    this.edits.clear();
    for (const commit of commits) commit();
  }
}
