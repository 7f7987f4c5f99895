// The reporter's page as HTML, made by the server: it works without JavaScript (native POSTs to
// itself), carries no script, no cookie, no analytics, no third-party anything, and never puts the
// code or secret in an address: once opened, the page's own forms carry them in hidden fields.
// Every text is a message in the page's language (en, ar, fr), right to left in Arabic.
import type { Lang } from '../../../engine/text/languages.ts';
import { t, type MessageKey } from '../../../engine/text/messages.ts';
import { REPORTER_TEXT_MAX_LENGTH, type ReportOutcome, type ReportState } from '../../../engine/cases/reporter-case.ts';
import type { ReporterCase } from '../../../engine/contract/reporter.ts';
import { venueTime } from '../../../engine/text/venue-time.ts';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const STATE_KEYS: Record<ReportState, MessageKey> = {
  received: 'reporterStateReceived',
  acknowledged: 'reporterStateAcknowledged',
  investigating: 'reporterStateInvestigating',
  closed: 'reporterStateClosed',
};
const OUTCOME_KEYS: Record<ReportOutcome, MessageKey> = {
  substantiated: 'reporterOutcomeSubstantiated',
  'partly-substantiated': 'reporterOutcomePartlySubstantiated',
  'not-substantiated': 'reporterOutcomeNotSubstantiated',
  referred: 'reporterOutcomeReferred',
};

/** Dates in the venues' calendar and time zone, Latin digits (as the rest of the site writes them). */
const dayOf = (lang: Lang, iso: string) => venueTime(iso, lang, 'long-day');

const STYLE = `body{font-family:system-ui,"Segoe UI",Tahoma,sans-serif;margin:0;color:#1d1d1f;background:#f7f7f5;line-height:1.5}
main{max-width:44rem;margin:0 auto;padding:1rem}h1{font-size:1.6rem}h2{font-size:1.25rem;margin-top:2rem}
label{display:block;font-weight:600;margin-top:1rem}input[type=text],textarea{box-sizing:border-box;width:100%;font:inherit;padding:.5rem;border:1px solid #6e6e73;border-radius:.25rem;background:#fff}
textarea{min-height:8rem}input[type=file]{display:block;box-sizing:border-box;max-width:100%}button{font:inherit;margin-top:1rem;padding:.6rem 1.2rem;border:0;border-radius:.25rem;background:#0b5394;color:#fff;cursor:pointer}
button:focus-visible,input:focus-visible,textarea:focus-visible,a:focus-visible{outline:3px solid #f5a623;outline-offset:2px}
.error{color:#b00020;font-weight:600}.notice{background:#e7f4e4;padding:.5rem;border-radius:.25rem}.privacy{font-size:.95rem;color:#3a3a3c}
.message{background:#fff;border:1px solid #d2d2d7;border-radius:.25rem;padding:.5rem 1rem;margin:.5rem 0}.message p{white-space:pre-wrap;overflow-wrap:anywhere}
.from{font-weight:600}dl{display:grid;grid-template-columns:minmax(0,1fr);gap:.25rem}dt{font-weight:600}dd{margin:0 0 .5rem;white-space:pre-wrap;overflow-wrap:anywhere}
.code{direction:ltr;unicode-bidi:isolate;font-family:ui-monospace,monospace}`;

function frame(lang: Lang, title: string, body: string): string {
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  return `<!doctype html><html lang="${lang}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer"><meta name="robots" content="noindex"><title>${escape(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

const languageLinks = (lang: Lang, action: string, languages: readonly Lang[]) =>
  `<nav aria-label="Language"><ul style="display:flex;gap:1rem;list-style:none;padding:0">${languages
    .filter((other) => other !== lang)
    .map(
      (other) =>
        `<li><a href="${escape(action)}?lang=${other}" lang="${other}" hreflang="${other}">${{ en: 'English', ar: 'العربية', fr: 'Français' }[other]}</a></li>`,
    )
    .join('')}</ul></nav>`;

/** The page asking for code and secret (again, with `error` when they did not open a case). */
export function openPage(lang: Lang, action: string, languages: readonly Lang[], error?: string, code = ''): string {
  const title = t('reporterPageTitle', lang);
  const invalid = error ? ' aria-invalid="true" aria-describedby="open-error"' : '';
  return frame(
    lang,
    title,
    `${languageLinks(lang, action, languages)}<h1>${escape(title)}</h1><p>${escape(t('reporterPageIntro', lang))}</p>
<p class="privacy">${escape(t('reporterPrivacy', lang))}</p>
${error ? `<p class="error" id="open-error" role="alert">${escape(error)}</p>` : ''}
<form method="post" action="${escape(action)}?lang=${lang}" autocomplete="off">
<input type="hidden" name="action" value="open">
<label for="code">${escape(t('reporterCode', lang))}</label><input type="text" id="code" name="code" class="code" dir="ltr" required maxlength="64" spellcheck="false" autocapitalize="characters" value="${escape(code)}"${invalid}>
<label for="secret">${escape(t('reporterSecret', lang))}</label><input type="text" id="secret" name="secret" class="code" dir="ltr" required maxlength="64" spellcheck="false" autocapitalize="characters" autocomplete="off"${invalid}>
<button type="submit">${escape(t('reporterOpen', lang))}</button></form>`,
  );
}

/** The opened case: state and dates, the report as sent, the thread, and the form to add information (code and secret in hidden fields). */
export function casePage(
  lang: Lang,
  action: string,
  shown: ReporterCase,
  proof: { code: string; secret: string },
  options: { error?: { path: string; message: string }; notice?: string; text?: string; fileControl?: string },
): string {
  const title = t('reporterPageTitle', lang);
  const dates = [
    t('reporterReceivedOn', lang, { date: dayOf(lang, shown.receivedAt) }),
    shown.acknowledgedAt ? t('reporterAcknowledgedOn', lang, { date: dayOf(lang, shown.acknowledgedAt) }) : t('reporterNotAcknowledged', lang),
    shown.feedbackAt ? t('reporterFeedbackOn', lang, { date: dayOf(lang, shown.feedbackAt) }) : t('reporterNoFeedback', lang),
    shown.openedAt ? t('reporterOpenedOn', lang, { date: dayOf(lang, shown.openedAt) }) : t('reporterNotOpened', lang),
  ];
  const state = `${t(STATE_KEYS[shown.state], lang)}${shown.outcome ? ` (${t('reporterOutcome', lang)}: ${t(OUTCOME_KEYS[shown.outcome], lang)})` : ''}`;
  const messages = shown.messages.length
    ? shown.messages
        .map(
          (message) =>
            `<article class="message"><p class="from">${escape(t(message.from === 'reporter' ? 'reporterYou' : 'reporterCompliance', lang))} · <time datetime="${message.createdAt}">${escape(dayOf(lang, message.createdAt))}</time></p><p>${escape(message.text)}</p>${
              message.files.length ? `<p>${escape(t('reporterFiles', lang, { names: message.files.map((file) => file.name).join(', ') }))}</p>` : ''
            }</article>`,
        )
        .join('')
    : `<p>${escape(t('reporterNoMessages', lang))}</p>`;
  const textError = options.error && options.error.path !== 'files' ? options.error.message : null;
  const fileError = options.error?.path === 'files' ? options.error.message : null;
  return frame(
    lang,
    title,
    // No language links here: a link is a GET, which would close the case (its proof is only in this page's forms).
    `<h1>${escape(title)}</h1>
<p>${escape(t('reporterCode', lang))}: <span class="code">${escape(shown.code)}</span></p>
<p class="privacy">${escape(t('reporterPrivacy', lang))}</p>
${options.notice ? `<p class="notice" role="status">${escape(options.notice)}</p>` : ''}
<p><strong>${escape(t('reporterState', lang))}:</strong> ${escape(state)}</p><ul>${dates.map((line) => `<li>${escape(line)}</li>`).join('')}</ul>
<h2>${escape(t('reporterMessages', lang))}</h2>${messages}
<h2 id="add-title">${escape(t('reporterAddTitle', lang))}</h2>
<form method="post" action="${escape(action)}?lang=${lang}" enctype="multipart/form-data" aria-labelledby="add-title" autocomplete="off">
<input type="hidden" name="action" value="add"><input type="hidden" name="code" value="${escape(proof.code)}"><input type="hidden" name="secret" value="${escape(proof.secret)}">
<label for="text">${escape(t('reporterAddText', lang))}</label>
<p id="text-help">${escape(t('reporterAddHelp', lang, { max: REPORTER_TEXT_MAX_LENGTH }))}</p>
${textError ? `<p class="error" id="text-error" role="alert">${escape(textError)}</p>` : ''}
<textarea id="text" name="text" maxlength="${REPORTER_TEXT_MAX_LENGTH + 1000}" aria-describedby="text-help${textError ? ' text-error' : ''}"${textError ? ' aria-invalid="true"' : ''}>${escape(options.text ?? '')}</textarea>
${
  options.fileControl
    ? `<label for="files">${escape(t('reporterAddFiles', lang))}</label>${fileError ? `<p class="error" id="files-error" role="alert">${escape(fileError)}</p>` : ''}<input type="file" id="files" name="${escape(options.fileControl)}" multiple accept="image/jpeg,image/png,image/webp,application/pdf"${fileError ? ' aria-invalid="true" aria-describedby="files-error"' : ''}>`
    : ''
}
<button type="submit">${escape(t('reporterSend', lang))}</button></form>
<h2>${escape(t('reporterYourReport', lang))}</h2><dl>${shown.report.map((item) => `<dt>${escape(item.label)}</dt><dd>${escape(item.text)}</dd>`).join('')}</dl>
<form method="get" action="${escape(action)}"><input type="hidden" name="lang" value="${lang}"><button type="submit">${escape(t('reporterClose', lang))}</button></form>`,
  );
}
