// The definition's text in CodeMirror: JSON with form.schema.json completion, hover and lint
// (codemirror-json-schema), plus forms:check's messages at their lines.
import { useEffect, useRef } from 'react';
// The editor is assembled from @codemirror/* (the packages codemirror-json-schema is built on): the
// installed `codemirror` package is CodeMirror 5 despite its 6.65.7 version number, without basicSetup.
import { autocompletion, closeBrackets } from '@codemirror/autocomplete';
import { bracketMatching, defaultHighlightStyle, foldGutter, syntaxHighlighting } from '@codemirror/language';
import { forceLinting, linter, lintGutter, type Diagnostic } from '@codemirror/lint';
import { EditorView, drawSelection, highlightActiveLine, highlightActiveLineGutter, lineNumbers } from '@codemirror/view';
import { jsonSchema } from 'codemirror-json-schema';
import type { JSONSchema7 } from 'json-schema';
import formSchema from '../forms/form.schema.json';

export interface CheckMessage {
  line: number;
  column: number;
  path: string;
  message: string;
}

interface Props {
  text: string;
  problems: CheckMessage[];
  onChange: (text: string) => void;
}

export function Editor({ text, problems, onChange }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const changed = useRef(onChange);
  const shown = useRef(problems);
  useEffect(() => {
    changed.current = onChange;
  }, [onChange]);

  useEffect(() => {
    view.current = new EditorView({
      parent: host.current!,
      doc: text,
      extensions: [
        lineNumbers(),
        highlightActiveLineGutter(),
        foldGutter(),
        drawSelection(),
        highlightActiveLine(),
        syntaxHighlighting(defaultHighlightStyle),
        bracketMatching(),
        closeBrackets(),
        autocompletion(),
        lintGutter(),
        EditorView.lineWrapping,
        jsonSchema(formSchema as unknown as JSONSchema7),
        // forms:check's messages, as the dev server last reported them.
        linter((v) => toDiagnostics(v, shown.current), { delay: 0 }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) changed.current(update.state.doc.toString());
        }),
      ],
    });
    return () => view.current?.destroy();
    // The editor is created once per form (the parent gives each form its own key).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    shown.current = problems;
    if (view.current) forceLinting(view.current);
  }, [problems]);

  return <div className="preview-editor" ref={host} />;
}

function toDiagnostics(view: EditorView, problems: CheckMessage[]): Diagnostic[] {
  const doc = view.state.doc;
  return problems.map((p) => {
    const line = doc.line(Math.min(Math.max(p.line, 1), doc.lines));
    const from = Math.min(line.from + p.column - 1, line.to);
    return { from, to: Math.max(from, line.to), severity: 'error', source: 'forms:check', message: p.message };
  });
}
