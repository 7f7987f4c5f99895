// The placeholders of a reply to a guest (and of a reply template): one list, so the template's
// check at save, the server's filling at send and the console's preview agree.

export const REPLY_PLACEHOLDERS = ['guest_name', 'venue', 'reference', 'staff_name', 'visit_date'] as const;
export type ReplyPlaceholder = (typeof REPLY_PLACEHOLDERS)[number];

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** The placeholders of `text` that are not ours, each once, in order. */
export function unknownPlaceholders(text: string): string[] {
  const known: readonly string[] = REPLY_PLACEHOLDERS;
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1]).filter((name) => !known.includes(name)))];
}

/** `text` with each placeholder replaced by its value (checked first: unknown ones are refused, never sent). */
export function fillReply(text: string, values: Record<ReplyPlaceholder, string>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => (name in values ? values[name as ReplyPlaceholder] : whole));
}
