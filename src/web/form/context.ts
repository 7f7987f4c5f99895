// What every template and widget of a guest form can read (RJSF formContext).
import type { ResolvedForm } from '../../engine/compiler/compiled.ts';
import type { Lang } from '../../engine/definition/definition.ts';
import type { OptionDocs } from './optionLists.ts';
import type { PendingEdits } from './pendingEdits.ts';
import type { SourcedValues } from './sourcedValues.ts';
import type { UploadAs } from '../api/upload.ts';

export type FormData = Record<string, unknown>;

export interface UploadedFile {
  name: string;
  size: number;
  /**
   * What a submission naming the file must carry (features/uploads/upload-claims.ts): kept with the
   * file, so it lives as long as the form's answers do (in the draft; on a kiosk in the page only) and
   * goes with this form's submission alone, never with a later guest's.
   */
  claim?: string;
}

export interface GuestFormContext {
  form: ResolvedForm;
  lang: Lang;
  /** The current answers (pruned of hidden questions), for visibility and conditional requirements. */
  data: FormData;
  /** Values the page filled itself (today, query or route parameter, backend lookup). */
  sourced: SourcedValues;
  /** Documents of the collections selects take their options from. */
  optionDocs: OptionDocs;
  /** Answers still being typed, held by their fields until typing pauses. */
  edits: PendingEdits;
  /** Ids of the sections shown now: a form with steps shows one step at a time; undefined shows all. */
  visibleSections?: ReadonlySet<string>;
  /** False on a kiosk: nothing of the guest is kept on the device, and the browser is asked not to remember answers (autocomplete off). */
  remember: boolean;
  /** Whose credentials uploads carry (see api/upload.ts). */
  uploadAs: UploadAs;
  /** Counts uploads in progress so the submit button waits for them. */
  trackUpload: (done: Promise<unknown>) => void;
  /** Name, size and claim of an uploaded file by its id, kept in the draft so a reload still shows and sends them. */
  rememberUpload: (id: string | number, file: UploadedFile) => void;
  uploadedFile: (id: string | number) => UploadedFile | undefined;
  /**
   * Keeps a file that could not be uploaded (no connection) on the device, sealed, for the answers
   * to send later (offline/keptFiles.ts); its number stands for it in the answer. Only forms whose
   * submissions may wait on the device have it (no human check).
   */
  keepFile?: (file: File, collection: string) => Promise<number>;
}
