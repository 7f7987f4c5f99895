// The comments (free-text answers) of the range, newest first, each beside the ratings of the same
// submission and linking to it.
import type { Lang } from '../../../engine/text/languages.ts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { InsightCommentsAnswer } from '../../../engine/contract/insights.ts';
import type { InsightQuestion } from '../../../engine/insights/insight-questions.ts';
import { optionLabel } from '../../../engine/fields/parts.ts';
import { formText } from '../../../engine/text/messages.ts';
import { useShell } from '../../shell/ShellContext.tsx';
import { staffLink } from '../../staff/staffLink.ts';
import { staffNumber, staffTime } from '../../staff/staffTime.ts';

interface Props {
  formId: string;
  textLang: Lang;
  questions: InsightQuestion[];
  comments: InsightCommentsAnswer;
  search: string;
}

export function InsightComments({ formId, textLang, questions, comments, search }: Props) {
  const { t } = useTranslation();
  const { lang } = useShell();
  const number = staffNumber(lang);
  const answerText = (question: InsightQuestion, value: string | number) =>
    question.kind === 'rating' ? optionLabel(question.options, value, { text: (key) => formText(formId, key, textLang) }) : number.format(Number(value));
  return (
    <section aria-labelledby="insights-comments" className="insights-comments">
      <h2 id="insights-comments">{t('insightsComments')}</h2>
      {comments.docs.length === 0 && <p>{t('insightsNoComments')}</p>}
      <ul>
        {comments.docs.map((comment) => (
          <li key={`${comment.id}-${comment.field}`}>
            <blockquote dir="auto">{comment.text}</blockquote>
            <p className="insights-comment-facts">
              {comment.group && <span dir="auto">{comment.group} · </span>}
              {staffTime(comment.createdAt, lang)} ·{' '}
              <Link to={staffLink(`/staff/forms/${formId}/${comment.id}`, search)}>
                {t('insightsOpenSubmission', { reference: comment.reference ?? comment.id })}
              </Link>
            </p>
            <dl className="insights-comment-ratings">
              {questions
                .filter((question) => comment.ratings[question.name] !== undefined)
                .map((question) => (
                  <div key={question.name}>
                    <dt lang={textLang}>{formText(formId, question.label, textLang)}</dt>
                    <dd lang={textLang}>{answerText(question, comment.ratings[question.name])}</dd>
                  </div>
                ))}
            </dl>
          </li>
        ))}
      </ul>
      {comments.more && <p>{t('insightsMoreComments')}</p>}
    </section>
  );
}
