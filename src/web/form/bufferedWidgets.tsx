// Text-like controls keep what is typed in their own state and hand it to the form (RJSF) once
// typing pauses, on leaving the field, or before a submit, draft save or page exit
// (PendingEdits). A keystroke therefore costs one control's render; the form's own work (its
// state, conditions, live validation after a failed submit, the draft) runs once per pause.
import { useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import type { RegistryWidgetsType, WidgetProps } from '@rjsf/utils';
import type { FieldType } from '../../engine/definition/definition.ts';
import { FIELD_UI } from '../widgets/fieldUi.ts';
import { widgets } from '../widgets/registry.ts';
import { useDebouncedFlush } from './useDebouncedFlush.ts';
import type { GuestFormContext } from './context.ts';

/** Typing pauses this long before the form sees the answer (longer than the gap between keystrokes). */
export const TYPING_PAUSE_MS = 250;

interface Typed {
  value: unknown;
  /** The form's value when this was typed: a different one from the form (a draft, a reset) wins. */
  over: unknown;
}

function buffered(Widget: ComponentType<WidgetProps>): ComponentType<WidgetProps> {
  function BufferedWidget(props: WidgetProps) {
    const { id, value, onChange, onBlur, rawErrors } = props;
    // A question showing an error hands over each keystroke, so its message goes as soon as the answer is right
    // (and the page does not move under a click on Submit when leaving the field).
    const showsError = (rawErrors?.length ?? 0) > 0;
    const edits = (props.registry.formContext as GuestFormContext).edits;
    const [typed, setTyped] = useState<Typed | null>(null);
    const pending = useRef<{ value: unknown } | null>(null);
    const handOver = useDebouncedFlush(() => {
      const edit = pending.current;
      pending.current = null;
      edits.release(id);
      if (edit) onChange(edit.value);
    }, TYPING_PAUSE_MS);

    // An edit still held when the control goes (another step, a hidden question) is handed over.
    useEffect(() => handOver.flush, [handOver]);

    const change = useCallback(
      (next: unknown) => {
        setTyped({ value: next, over: value });
        pending.current = { value: next };
        edits.hold(id, handOver.flush);
        handOver.schedule();
        if (showsError) handOver.flush();
      },
      [handOver, edits, id, value, showsError],
    );
    const blur = useCallback(
      (fieldId: string, data: unknown) => {
        handOver.flush();
        onBlur(fieldId, data);
      },
      [handOver, onBlur],
    );

    const shown = typed && Object.is(typed.over, value) ? typed.value : value;
    return <Widget {...props} value={shown} onChange={change} onBlur={blur} />;
  }
  BufferedWidget.displayName = `Buffered(${Widget.displayName ?? Widget.name})`;
  return BufferedWidget;
}

/** The controls typed into character by character (FIELD_UI's typed) wait for a pause. */
export const guestFormWidgets: RegistryWidgetsType = Object.fromEntries(
  Object.entries(widgets).map(([type, widget]) => [type, FIELD_UI[type as FieldType].typed ? buffered(widget as ComponentType<WidgetProps>) : widget]),
) as RegistryWidgetsType;
