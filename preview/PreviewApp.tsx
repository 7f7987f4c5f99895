// The live preview: pick a form, edit its definition, see it in each of its languages side by side.
// Every edit is checked by forms:check on the dev server; a valid one is compiled here by the
// engine and rendered again, an invalid one shows the messages at their lines.
import { useEffect, useMemo, useState } from 'react';
import { compileForm, type CompiledWithTexts } from '../src/engine/compiler/compile.ts';
import type { FormDefinition } from '../src/engine/definition/definition.ts';
import { addFormTexts } from '../src/engine/text/i18n.ts';
import { LANGUAGES } from '../src/engine/text/languages.ts';
import { definitionTexts, vocabularies } from './definitions.ts';
import { Editor, type CheckMessage } from './Editor.tsx';
import { FormPreview, loadedForm } from './FormPreview.tsx';

async function check(file: string, text: string): Promise<CheckMessage[]> {
  const response = await fetch('/__preview/check', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ file, text }) });
  return ((await response.json()) as { problems: CheckMessage[] }).problems;
}

function compile(text: string): CompiledWithTexts {
  const compiled = compileForm(JSON.parse(text) as FormDefinition, vocabularies);
  for (const lang of LANGUAGES) addFormTexts(compiled.compiled.id, lang, compiled.texts[lang]);
  return compiled;
}

export function PreviewApp() {
  const initial = new URLSearchParams(location.search).get('form') ?? 'dining-survey';
  const [id, setId] = useState(definitionTexts.some((d) => d.id === initial) ? initial : definitionTexts[0].id);
  const source = definitionTexts.find((d) => d.id === id)!;
  const [text, setText] = useState(source.text);
  const [problems, setProblems] = useState<CheckMessage[]>([]);
  const [good, setGood] = useState(() => ({ compiled: compile(source.text), revision: 0 }));
  const [checking, setChecking] = useState(false);

  const pick = (next: string) => {
    const picked = definitionTexts.find((d) => d.id === next)!;
    setId(next);
    setText(picked.text);
    setProblems([]);
    setGood((g) => ({ compiled: compile(picked.text), revision: g.revision + 1 }));
    history.replaceState(null, '', `?form=${next}`);
  };

  // Checked a moment after the last keystroke; only the answer to the latest text counts.
  useEffect(() => {
    if (text === source.text && good.compiled.compiled.id === id) return;
    let current = true;
    const timer = setTimeout(async () => {
      setChecking(true);
      const found = await check(source.file, text);
      if (!current) return;
      setChecking(false);
      setProblems(found);
      if (!found.length) setGood((g) => ({ compiled: compile(text), revision: g.revision + 1 }));
    }, 300);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [text, source, id, good.compiled.compiled.id]);

  const loaded = useMemo(() => loadedForm(good.compiled, good.revision), [good]);
  return (
    <div className="preview">
      <header className="preview-bar">
        <label>
          Form{' '}
          <select value={id} onChange={(e) => pick(e.target.value)}>
            {definitionTexts.map((d) => (
              <option key={d.id} value={d.id}>
                {d.id}
              </option>
            ))}
          </select>
        </label>
        <span className="preview-file">{source.file} (edits stay in this page: copy them into the file)</span>
        <span className="preview-status" role="status">
          {checking
            ? 'Checking…'
            : problems.length
              ? `${problems.length} problem(s): the preview shows the last valid version`
              : 'Valid: the preview is up to date'}
        </span>
      </header>
      <div className="preview-main">
        <div className="preview-source">
          <Editor key={id} text={text} problems={problems} onChange={setText} />
          {problems.length > 0 && (
            <ul className="preview-problems" aria-label="forms:check">
              {problems.map((p, i) => (
                <li key={i}>
                  <strong>
                    line {p.line}:{p.column}
                  </strong>{' '}
                  <code>{p.path}</code> {p.message}
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="preview-forms">
          {loaded.compiled.languages.map((lang) => (
            <FormPreview key={lang} loaded={loaded} lang={lang} revision={good.revision} />
          ))}
        </div>
      </div>
    </div>
  );
}
