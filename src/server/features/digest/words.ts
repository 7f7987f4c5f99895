// The digest's words in every staff language (en, ar, fr): server-side only, so the guest pages'
// messages do not carry them.
import type { Lang } from '../../../engine/text/languages.ts';

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
  overdue: (count: number) => string;
  /** A follow-up's state (followups.state); one not listed here shows as stored. */
  state: Record<string, string>;
  overdueMark: string;
  reference: string;
  busiestSource: string;
  source: string;
  submissions: string;
  funnel: string;
  scans: string;
  views: string;
  submitted: string;
  completion: string;
  preview: string;
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
    overdue: (count) => `Overdue: ${count}`,
    state: { new: 'New', 'in-progress': 'In progress', 'waiting-for-guest': 'Waiting for the guest' },
    overdueMark: 'overdue',
    reference: 'Reference',
    busiestSource: 'Busiest source',
    source: 'Source',
    submissions: 'Submissions',
    funnel: 'Response funnel (QR scans, form views, submissions)',
    scans: 'Scans',
    views: 'Views',
    submitted: 'Submitted',
    completion: 'Completion',
    preview: 'Preview of your digest',
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
    overdue: (count) => `المتأخرة: ${count}`,
    state: { new: 'جديدة', 'in-progress': 'قيد المعالجة', 'waiting-for-guest': 'بانتظار الضيف' },
    overdueMark: 'متأخرة',
    reference: 'المرجع',
    busiestSource: 'المصدر الأكثر إجابات',
    source: 'المصدر',
    submissions: 'الإجابات',
    funnel: 'مسار الاستجابة (مسح رمز QR، مشاهدات النموذج، الإجابات)',
    scans: 'المسح',
    views: 'المشاهدات',
    submitted: 'المرسلة',
    completion: 'نسبة الإكمال',
    preview: 'معاينة ملخصك',
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
    overdue: (count) => `En retard : ${count}`,
    state: { new: 'Nouveau', 'in-progress': 'En cours', 'waiting-for-guest': 'En attente du client' },
    overdueMark: 'en retard',
    reference: 'Référence',
    busiestSource: 'Source la plus active',
    source: 'Source',
    submissions: 'Réponses',
    funnel: 'Parcours de réponse (scans QR, vues du formulaire, réponses)',
    scans: 'Scans',
    views: 'Vues',
    submitted: 'Envoyées',
    completion: 'Taux de réponse',
    preview: 'Aperçu de votre résumé',
  },
};
