// Moves focus to an answer by its path ("email", "dependents.0.name"): its main control (RJSF id
// root_<path with _>), else the first control inside its field.
export function focusField(path: string): void {
  const target =
    document.getElementById(`root_${path.split('.').join('_')}`) ??
    document.querySelector<HTMLElement>(`[data-field="${CSS.escape(path)}"] :is(input:checked, input, select, textarea, button):not([disabled])`);
  if (!target) return;
  target.focus();
  target.scrollIntoView({ block: 'center', behavior: 'smooth' });
}
