// Moves focus to a question: its main control (id root_<name>), else the first control inside it.
export function focusField(name: string): void {
  const target =
    document.getElementById(`root_${name}`) ??
    document.querySelector<HTMLElement>(`[data-field="${CSS.escape(name)}"] :is(input:checked, input, select, textarea, button):not([disabled])`);
  if (!target) return;
  target.focus();
  target.scrollIntoView({ block: 'center', behavior: 'smooth' });
}
