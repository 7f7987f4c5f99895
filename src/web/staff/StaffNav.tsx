// The one navigation of the staff console: what the account may open (the table of staff pages,
// PAGE_KINDS, through staffPage.ts), with the unread alerts, follow-ups in progress and overdue cases. A <nav> with
// a name; the current page's link says so (aria-current="page"). Below about 600 px it folds behind
// a menu button (aria-expanded): Escape closes it and gives the focus back to the button, and so
// does opening a page from it (the link it was on is folded away with it).
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import type { MessageKey } from '../../engine/text/messages.ts';
import { useShell } from '../shell/ShellContext.tsx';
import type { NavLink } from './staffPage.ts';
import { staffLink } from './staffLink.ts';
import { staffNumber } from './staffTime.ts';

/** The words of a link's count, by the count the table names. */
const COUNT_TEXT: Record<string, MessageKey> = { staffNavAlerts: 'staffNavUnreadAlerts', staffNavSubmissions: 'staffNavFollowUpsInProgress' };

export function StaffNav({ links }: { links: NavLink[] }) {
  const { t } = useTranslation();
  const { lang } = useShell();
  const { pathname, search } = useLocation();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const number = staffNumber(lang);

  // Another page opened (back, forward, a link of the page): the menu folds again.
  const [shownPath, setShownPath] = useState(pathname);
  if (shownPath !== pathname) {
    setShownPath(pathname);
    setOpen(false);
  }
  /** Folds the menu and gives the focus back to its button (Escape, or a page opened from it). */
  const fold = () => {
    if (!open) return;
    setOpen(false);
    button.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') fold();
  };

  /** A link; `group`: the name of the group it is in, read before its own (two forms' lists and insights share a form's name). */
  const item = (path: string, text: string, count?: { value: number; words: MessageKey }, group?: string) => {
    const [target, hash] = path.split('#');
    const current = pathname === target && !hash;
    return (
      <Link to={staffLink(path, search)} aria-current={current ? 'page' : undefined} className="staff-nav-link" onClick={fold}>
        <span>
          {group && <span className="visually-hidden">{t('staffNavInGroup', { group })}</span>}
          {text}
        </span>
        {count && count.value > 0 && (
          <span className="staff-nav-count">
            <span aria-hidden="true">{number.format(count.value)}</span>
            <span className="visually-hidden">{t(count.words, { count: number.format(count.value) })}</span>
          </span>
        )}
      </Link>
    );
  };

  return (
    <nav className="staff-nav" aria-label={t('staffNavLabel')} onKeyDown={onKeyDown} data-open={open ? 'true' : 'false'}>
      <button ref={button} type="button" className="staff-nav-toggle" aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)}>
        {t('staffNavMenu')}
      </button>
      <ul id={listId} className="staff-nav-list">
        {links.map((link) => {
          const count = link.count !== undefined && COUNT_TEXT[link.label] ? { value: link.count, words: COUNT_TEXT[link.label] } : undefined;
          if (!link.links) return <li key={link.kind}>{item(link.path!, t(link.label), count)}</li>;
          const groupId = `${listId}-${link.kind}`;
          return (
            <li key={link.kind} className="staff-nav-group">
              <span id={groupId} className="staff-nav-heading">
                {t(link.label)}
                {count && count.value > 0 && <span className="staff-nav-note">{t(count.words, { count: number.format(count.value) })}</span>}
                {link.overdue ? <span className="staff-nav-note staff-nav-overdue">{t('staffNavOverdue', { count: number.format(link.overdue) })}</span> : null}
              </span>
              <ul aria-labelledby={groupId}>
                {link.links.map((form) => (
                  <li key={form.path}>{item(form.path, form.title[lang] ?? form.title.en, undefined, t(link.label))}</li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
