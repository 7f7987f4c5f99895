import { usePageSearch } from './pageContext.tsx';

/** The search part of a link to another page that keeps the language the visitor asked for ('' when none). */
export function useLangSearch(): string {
  const requested = usePageSearch().get('lang');
  return requested ? `?lang=${encodeURIComponent(requested)}` : '';
}
