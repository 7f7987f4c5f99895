// A country picker found by typing (the ARIA 1.2 combobox pattern): the name in the page's
// language, in English, as the browser names it (Intl.DisplayNames), its code, or its dial code
// ("+33", "33", "٣٣"). A native select could only jump by first letter, and options that start
// with a flag defeat even that. Used for country questions and the dial code of a phone.
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { flagEmoji } from '../../engine/checks/country-codes.ts';
import type { Lang } from '../../engine/definition/definition.ts';
import { i18n } from '../../engine/text/i18n.ts';
import { t } from '../../engine/text/messages.ts';
import { displayNames } from './countryNames.ts';
import { toAsciiDigits } from '../../engine/checks/digits.ts';

export interface CountryChoice {
  key: string;
  /** ISO 3166-1 alpha-2 code. */
  code: string;
  /** The name shown, in the page's language. */
  name: string;
  /** The reviewed English name, once the names are here (countryNames.ts). */
  english?: string;
  /** Dial codes to match; `dial` is also shown for a phone's dial code. */
  dials: string[];
  dial?: string;
}

interface Props {
  id: string;
  choices: CountryChoice[];
  selectedKey: string;
  onSelect: (key: string) => void;
  lang: Lang;
  /** The text in the closed field: the name, or the flag and dial code. */
  shown: (choice: CountryChoice) => string;
  className?: string;
  /** The field's own name when no <label> names it (a phone's dial code). */
  ariaLabel?: string;
  /** The list's name (the question). */
  listLabel: string;
  describedBy?: string;
  required: boolean;
  invalid: boolean;
  disabled: boolean;
  placeholder?: string;
  autoComplete?: string;
  onFocus?: () => void;
  onBlur?: () => void;
}

/** Lower case, without accents, Arabic-Indic digits as 0-9: "Côte d’Ivoire" is found by "cote". */
const fold = (text: string) => toAsciiDigits(text).normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[’'`]/g, "'").trim();

/** The choices that match what was typed, best first: a dial code by its start, names by their start, then by a word inside. */
export function matchCountries(choices: CountryChoice[], typed: string, lang: Lang): CountryChoice[] {
  const query = fold(typed);
  if (!query) return choices;
  const dialQuery = /^\+?\s*\d+$/.test(query) ? query.replace(/\D/g, '') : null;
  if (dialQuery !== null) {
    const exact = choices.filter((c) => c.dials.includes(dialQuery));
    return [...exact, ...choices.filter((c) => !exact.includes(c) && c.dials.some((d) => d.startsWith(dialQuery)))];
  }
  const names = displayNames(lang);
  const english = displayNames('en');
  const aliases = (c: CountryChoice) => [c.name, c.english, names?.of(c.code), english?.of(c.code), c.code].filter(Boolean).map((n) => fold(n!));
  const starts: CountryChoice[] = [];
  const inside: CountryChoice[] = [];
  for (const choice of choices) {
    const all = aliases(choice);
    if (all.some((a) => a.startsWith(query))) starts.push(choice);
    else if (all.some((a) => a.includes(` ${query}`) || a.includes(`(${query}`) || (query.length > 2 && a.includes(query)))) inside.push(choice);
  }
  return [...starts, ...inside];
}

export function CountryCombobox(props: Props) {
  const { id, choices, selectedKey, onSelect, lang, shown } = props;
  const listId = `${id}__list`;
  const hintId = `${useId()}-hint`;
  const optionId = (key: string) => `${id}__option-${key}`;
  const selected = choices.find((c) => c.key === selectedKey);
  // null while the guest is not typing: the field then shows the chosen country.
  const [typed, setTyped] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const matches = useMemo(() => (typed === null ? choices : matchCountries(choices, typed, lang)), [choices, typed, lang]);
  const active = matches.find((c) => c.key === activeKey) ?? null;

  // The highlighted option stays in view while moving with the arrow keys.
  useEffect(() => {
    if (open && activeKey) document.getElementById(optionId(activeKey))?.scrollIntoView({ block: 'nearest' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- optionId only depends on id
  }, [open, activeKey]);

  const choose = (choice: CountryChoice) => {
    onSelect(choice.key);
    setTyped(null);
    setOpen(false);
    setActiveKey(null);
  };
  const close = () => {
    setOpen(false);
    setActiveKey(null);
  };
  const move = (step: number) => {
    if (!open) {
      setOpen(true);
      setActiveKey(selected && matches.includes(selected) ? selected.key : (matches[0]?.key ?? null));
      return;
    }
    if (!matches.length) return;
    const at = active ? matches.indexOf(active) : -1;
    setActiveKey(matches[Math.min(Math.max(at + step, 0), matches.length - 1)].key);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        return move(1);
      case 'ArrowUp':
        event.preventDefault();
        return move(-1);
      case 'PageDown':
        if (open) event.preventDefault();
        return open && move(10);
      case 'PageUp':
        if (open) event.preventDefault();
        return open && move(-10);
      case 'Enter':
        // With the list open Enter picks; closed, it submits the form as in any field.
        if (!open) return;
        event.preventDefault();
        if (active) choose(active);
        return;
      case 'Escape':
        if (!open && typed === null) return;
        event.preventDefault();
        setTyped(null);
        return close();
    }
  };
  const onBlur = () => {
    // A name typed in full (or a search with one answer) counts as chosen; anything else is undone.
    if (typed !== null) {
      const exact = matches.find((c) => fold(c.name) === fold(typed) || (c.english !== undefined && fold(c.english) === fold(typed)));
      if (exact || matches.length === 1) choose(exact ?? matches[0]);
      else if (!typed.trim()) {
        onSelect('');
        setTyped(null);
      } else setTyped(null);
    }
    close();
    props.onBlur?.();
  };

  return (
    <div className={`combobox ${props.className ?? ''}`}>
      <input
        id={id}
        type="text"
        role="combobox"
        className="input combobox-input"
        dir="auto"
        value={typed ?? (selected ? shown(selected) : '')}
        placeholder={props.placeholder}
        autoComplete={props.autoComplete ?? 'off'}
        spellCheck={false}
        aria-label={props.ariaLabel}
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && active ? optionId(active.key) : undefined}
        aria-describedby={[hintId, props.describedBy].filter(Boolean).join(' ')}
        aria-required={props.required || undefined}
        aria-invalid={props.invalid || undefined}
        disabled={props.disabled}
        onChange={(event) => {
          setTyped(event.target.value);
          setOpen(true);
          setActiveKey(matchCountries(choices, event.target.value, lang)[0]?.key ?? null);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => props.onFocus?.()}
        onBlur={onBlur}
        onClick={() => (open ? close() : move(0))}
      />
      <span className="combobox-arrow" aria-hidden="true">
        ▾
      </span>
      <span className="visually-hidden" id={hintId}>
        {t('countrySearchHint', lang)}
      </span>
      <ul className="combobox-list" id={listId} role="listbox" aria-label={props.listLabel} hidden={!open} dir={i18n.dir(lang)}>
        {open &&
          matches.map((choice) => (
            <li
              key={choice.key}
              id={optionId(choice.key)}
              role="option"
              aria-selected={choice.key === selectedKey}
              className={`combobox-option${choice === active ? ' is-active' : ''}`}
              // Keep focus in the field: the pick happens on click, the field stays where the guest is.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(choice)}
            >
              <span className="combobox-flag" aria-hidden="true">
                {flagEmoji(choice.code)}
              </span>
              <span className="combobox-name">{choice.name}</span>
              {choice.dial && (
                <span className="combobox-dial" dir="ltr">
                  +{choice.dial}
                </span>
              )}
            </li>
          ))}
        {open && matches.length === 0 && (
          <li className="combobox-empty" role="option" aria-selected={false} aria-disabled="true">
            {t('noCountryFound', lang)}
          </li>
        )}
      </ul>
    </div>
  );
}
