// The scripts of the document a page names (a restaurant's tag, written by an editor) run in this
// hidden frame, sandboxed without allow-same-origin: they count the visit but cannot read the
// page, the guest's answers or any cookie of ours (src/server/features/render/page-scripts.ts
// serves its document, with the same sandbox in its policy).
import { PAGE_SCRIPTS_PATH } from '../../engine/contract/page-scripts.ts';
import type { Lang } from '../../engine/text/languages.ts';
import { t } from '../../engine/text/messages.ts';
import { namesDocumentWithScripts } from './pageDocument.ts';
import type { SourcedValues } from './sourcedValues.ts';

export function PageScriptsFrame({ sourced, pathname, lang }: { sourced: SourcedValues; pathname: string; lang: Lang }) {
  if (!namesDocumentWithScripts(sourced)) return null;
  return <iframe className="page-scripts" src={`${PAGE_SCRIPTS_PATH}${pathname}`} sandbox="allow-scripts" title={t('pageScriptsTitle', lang)} hidden />;
}
