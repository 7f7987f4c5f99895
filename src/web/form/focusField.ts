// Moves focus to an answer by its path ("email", "dependents.0.name"): its main control (RJSF id
// <idPrefix>_<path with _>), else the first control inside its field.
export function focusField(path: string, idPrefix = 'root'): void {
  const target =
    document.getElementById(`${idPrefix}_${path.split('.').join('_')}`) ??
    document.querySelector<HTMLElement>(`[data-field="${CSS.escape(path)}"] :is(input:checked, input, select, textarea, button):not([disabled])`);
  if (!target) return;
  target.focus();
  target.scrollIntoView({ block: 'center', behavior: 'smooth' });
}
