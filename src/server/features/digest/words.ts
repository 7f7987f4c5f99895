// The digest's words in every staff language (en, ar, fr): server-side only, so the guest pages'
// messages do not carry them.
import type { Lang } from '../../../engine/text/languages.ts';
import type { FollowUpState } from '../../../engine/contract/followup.ts';

/** A follow-up the digest lists: any state but resolved. */
export type OpenFollowUpState = Exclude<FollowUpState, 'resolved'>;

export interface DigestWords {
  subject: (from: string, to: string) => string;
  heading: (from: string, to: string) => string;
  nothing: string;
  form: string;
  thisWeek: string;
  weekBefore: string;
  change: string;
  question: string;
  average: string;
  nps: string;
  venue: string;
  fewAnswers: (min: number) => string;
  biggestChanges: string;
  followUps: (open: number) => string;
  state: Record<OpenFollowUpState, string>;
  reference: string;
}

export const DIGEST_WORDS: Record<Lang, DigestWords> = {
  en: {
    subject: (from, to) => `Your weekly digest, ${from} – ${to}`,
    heading: (from, to) => `Last week, ${from} – ${to}`,
    nothing: 'Nothing to report this week: no new submissions and no open follow-ups.',
    form: 'Form',
    thisWeek: 'Last week',
    weekBefore: 'Week before',
    change: 'Change',
    question: 'Question',
    average: 'Average',
    nps: 'NPS',
    venue: 'Venue',
    fewAnswers: (min) => `Fewer than ${min} answers: counts only, no averages.`,
    biggestChanges: 'Biggest changes',
    followUps: (open) => `Open follow-ups: ${open}`,
    state: { new: 'New', 'in-progress': 'In progress', 'waiting-for-guest': 'Waiting for guest' },
    reference: 'Reference',
  },
  ar: {
    subject: (from, to) => `ملخصك الأسبوعي، ${from} – ${to}`,
    heading: (from, to) => `الأسبوع الماضي، ${from} – ${to}`,
    nothing: 'لا جديد هذا الأسبوع: لا إجابات جديدة ولا متابعات مفتوحة.',
    form: 'النموذج',
    thisWeek: 'الأسبوع الماضي',
    weekBefore: 'الأسبوع الذي قبله',
    change: 'التغيّر',
    question: 'السؤال',
    average: 'المتوسط',
    nps: 'صافي نقاط الترويج',
    venue: 'المكان',
    fewAnswers: (min) => `أقل من ${min} إجابات: الأعداد فقط، دون متوسطات.`,
    biggestChanges: 'أكبر التغيّرات',
    followUps: (open) => `المتابعات المفتوحة: ${open}`,
    state: { new: 'جديدة', 'in-progress': 'قيد المعالجة', 'waiting-for-guest': 'بانتظار الضيف' },
    reference: 'المرجع',
  },
  fr: {
    subject: (from, to) => `Votre résumé de la semaine, ${from} – ${to}`,
    heading: (from, to) => `La semaine dernière, ${from} – ${to}`,
    nothing: 'Rien à signaler cette semaine : aucune nouvelle réponse et aucun suivi ouvert.',
    form: 'Formulaire',
    thisWeek: 'Semaine dernière',
    weekBefore: 'Semaine précédente',
    change: 'Évolution',
    question: 'Question',
    average: 'Moyenne',
    nps: 'NPS',
    venue: 'Lieu',
    fewAnswers: (min) => `Moins de ${min} réponses : les nombres seulement, sans moyennes.`,
    biggestChanges: 'Plus fortes évolutions',
    followUps: (open) => `Suivis ouverts : ${open}`,
    state: { new: 'Nouveau', 'in-progress': 'En cours', 'waiting-for-guest': 'En attente du client' },
    reference: 'Référence',
  },
};
