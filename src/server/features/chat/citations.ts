// The assistant's citations become a plain '#source' marker in the answer, as the
// previous app's clearCitations did ("#source: `quote`"). Two shapes arrive:
// - the Responses API: output_text { text, annotations: [{ type: 'file_citation', index, filename }] },
//   where index is the place in the text the citation belongs;
// - the OpenAI Assistants message: content[0].text { value, annotations: [{ text, file_citation: { quote } }] },
//   where each annotation's text is a placeholder in value (e.g. "【4:0†source】").

export interface ResponsesCitation {
  type?: string;
  index?: number;
  filename?: string;
  file_id?: string;
}

/** The marker for one cited passage or file; a citation that names nothing is still marked. */
export function sourceMarker(cited?: string | null): string {
  const name = (cited ?? '').replace(/`/g, "'").trim();
  return name ? `#source: \`${name}\`` : '#source';
}

/** Inserts a marker at each file citation's index (Responses API); other annotation types are left out. */
export function withSourceMarkers(text: string, annotations: readonly unknown[]): string {
  const citations = annotations
    .filter((a): a is ResponsesCitation => typeof a === 'object' && a !== null && (a as ResponsesCitation).type === 'file_citation')
    .map((a) => ({ at: Math.min(Math.max(0, Math.trunc(Number(a.index) || 0)), text.length), marker: sourceMarker(a.filename ?? a.file_id) }));
  let result = text;
  const seen = new Set<string>();
  // From the end, so earlier indexes still point at the same place.
  for (const { at, marker } of citations.sort((a, b) => b.at - a.at)) {
    if (seen.has(`${at}:${marker}`)) continue;
    seen.add(`${at}:${marker}`);
    const before = result.slice(0, at);
    result = `${before}${/\s$/.test(before) || at === 0 ? '' : ' '}${marker}${result.slice(at)}`;
  }
  return result;
}

interface AssistantsAnnotation {
  text?: unknown;
  file_citation?: { quote?: unknown; file_id?: unknown } | null;
}

interface AssistantsMessage {
  content?: { text?: { value?: unknown; annotations?: AssistantsAnnotation[] } }[];
}

/** Spec 3's message shape: the text of content[0] with every annotation's placeholder replaced by its marker. */
export function assistantsMessageText(message: unknown): string {
  const text = (message as AssistantsMessage | null)?.content?.[0]?.text;
  let value = typeof text?.value === 'string' ? text.value : '';
  for (const annotation of Array.isArray(text?.annotations) ? text.annotations : []) {
    if (typeof annotation?.text !== 'string' || annotation.text === '') continue;
    const quote = annotation.file_citation?.quote;
    value = value.split(annotation.text).join(sourceMarker(typeof quote === 'string' ? quote : null));
  }
  return value;
}

interface ResponsesOutputItem {
  type?: string;
  content?: { type?: string; text?: unknown; annotations?: unknown[] }[];
}

/** A whole Responses API answer (non-streaming, or response.completed's): its output text with markers. */
export function responseText(response: unknown): string {
  const output = (response as { output?: ResponsesOutputItem[] } | null)?.output;
  if (!Array.isArray(output)) return '';
  return output
    .filter((item) => item?.type === 'message')
    .flatMap((item) => item.content ?? [])
    .filter((part) => part?.type === 'output_text' && typeof part.text === 'string')
    .map((part) => withSourceMarkers(part.text as string, part.annotations ?? []))
    .join('\n\n');
}

/** Either shape, whichever the message is: what the page shows. */
export function answerText(message: unknown): string {
  const shape = message as { content?: unknown; output?: unknown } | null;
  if (shape && Array.isArray(shape.output)) return responseText(message);
  return assistantsMessageText(message);
}
