// What a form shows about sending it, as one reducer: whether a send was attempted (errors then
// follow every change), busy sending, uploads under way, the human check's proof, the toast, the
// server's messages by answer, the error summary, the outcome once stored.
import type { NativePostOutcome } from '../../engine/contract/native-post.ts';
import type { FormData } from './context.ts';
import type { SummaryItem } from './ErrorSummary.tsx';

export interface SubmissionState {
  attempted: boolean;
  busy: boolean;
  uploading: number;
  proof: string | null;
  /** Counts fresh human checks: a refused proof means passing the check again. */
  humanCheckRound: number;
  /** The check could not load (no network): sending stays possible so the form's own validation still speaks. */
  humanCheckUnavailable: boolean;
  serverErrors: Record<string, string[]>;
  toast: string | null;
  summary: SummaryItem[];
  /** pending: the reference of a submission kept on the device until it can be sent (offline/queue.ts). */
  done: { doc: Record<string, unknown>; answers: FormData; copyLink?: string; pending?: string } | null;
  /** Counts requests to give the send button the focus back (after a failed send, once it is enabled again). */
  sendFocus: number;
}

export const startingSubmission: SubmissionState = {
  attempted: false,
  busy: false,
  uploading: 0,
  proof: null,
  humanCheckRound: 0,
  humanCheckUnavailable: false,
  serverErrors: {},
  toast: null,
  summary: [],
  done: null,
  sendFocus: 0,
};

/** Where the server's render of a post without JavaScript starts: the thanks, or the errors shown at their answers and in the summary. */
export function postedSubmission(posted: NativePostOutcome, summarize: (items: { name: string; message: string }[]) => SummaryItem[]): SubmissionState {
  if (posted.kind === 'stored')
    return {
      ...startingSubmission,
      done: {
        doc: {
          reference: posted.reference,
          ...(posted.reporter ? { reporter: posted.reporter } : {}),
          ...(posted.reviewAsk ? { reviewAsk: posted.reviewAsk } : {}),
        },
        answers: {},
      },
    };
  const serverErrors: Record<string, string[]> = {};
  for (const error of posted.errors) (serverErrors[error.path] ??= []).push(error.message);
  const summary = summarize(posted.errors.map((error) => ({ name: error.path, message: error.message })));
  return { ...startingSubmission, attempted: true, serverErrors, summary, toast: posted.notice ?? null };
}

export type SubmissionAction =
  | { type: 'errorsShown'; summary: SummaryItem[]; attempted?: true }
  | { type: 'stepChanged' }
  | { type: 'answersChanged'; serverErrors: Record<string, string[]>; summary: SummaryItem[] }
  | { type: 'sendStarted' }
  | { type: 'toast'; message: string | null }
  | { type: 'sending' }
  | { type: 'stored'; done: NonNullable<SubmissionState['done']> }
  /** A kept submission the server refused: back to the answers, its reasons shown. */
  | { type: 'backToAnswers' }
  | { type: 'failed'; toast: string; serverErrors?: Record<string, string[]>; summary?: SummaryItem[]; refocusSend: boolean; newHumanCheck?: true }
  | { type: 'proof'; proof: string | null }
  | { type: 'humanCheckUnavailable'; unavailable: boolean }
  | { type: 'upload'; change: 1 | -1 };

export function submissionReducer(state: SubmissionState, action: SubmissionAction): SubmissionState {
  switch (action.type) {
    case 'errorsShown':
      return { ...state, summary: action.summary, attempted: action.attempted ?? state.attempted };
    case 'stepChanged':
      return { ...state, attempted: false, summary: [] };
    case 'answersChanged':
      return { ...state, serverErrors: action.serverErrors, summary: action.summary };
    case 'sendStarted':
      return { ...state, attempted: true, summary: [], toast: null };
    case 'toast':
      return { ...state, toast: action.message };
    case 'sending':
      return { ...state, busy: true };
    case 'stored':
      return { ...state, busy: false, done: action.done };
    case 'backToAnswers':
      return { ...state, done: null };
    case 'failed':
      return {
        ...state,
        busy: false,
        toast: action.toast,
        serverErrors: action.serverErrors ?? state.serverErrors,
        summary: action.summary ?? state.summary,
        sendFocus: action.refocusSend ? state.sendFocus + 1 : state.sendFocus,
        ...(action.newHumanCheck ? { proof: null, humanCheckRound: state.humanCheckRound + 1 } : {}),
      };
    case 'proof':
      return { ...state, proof: action.proof };
    case 'humanCheckUnavailable':
      return { ...state, humanCheckUnavailable: action.unavailable };
    case 'upload':
      return { ...state, uploading: state.uploading + action.change };
  }
}
