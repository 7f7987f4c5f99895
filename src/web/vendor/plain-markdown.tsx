// Stand-in for markdown-to-jsx (aliased in vite.config.ts). RJSF imports it for markdown in
// descriptions, which no form uses; dropping it saves ~25 KB gzip per form page, and text from
// definitions is then always shown as plain text, never parsed into markup.
import type { ReactNode } from 'react';

export function Markdown({ children }: { children?: ReactNode; options?: unknown }) {
  return <>{children}</>;
}
export default Markdown;
