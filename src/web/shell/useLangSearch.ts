import { useSearchParams } from 'react-router-dom';

/** The search part of a link to another page that keeps the language the visitor asked for ('' when none). */
export function useLangSearch(): string {
  const requested = useSearchParams()[0].get('lang');
  return requested ? `?lang=${encodeURIComponent(requested)}` : '';
}
