// Links between staff pages keep the page's language (?lang=), and nothing else of the current query.
/**
 * `path` (which may carry its own query and hash, kept as written) with the `lang` of `search` (a
 * location's search, "?a=b&lang=ar", or its params). A path that names its own lang keeps it.
 */
export function staffLink(path: string, search: string | URLSearchParams): string {
  const lang = new URLSearchParams(search).get('lang');
  const hashAt = path.indexOf('#');
  const [beforeHash, hash] = hashAt < 0 ? [path, ''] : [path.slice(0, hashAt), path.slice(hashAt)];
  const queryAt = beforeHash.indexOf('?');
  if (!lang || (queryAt >= 0 && new URLSearchParams(beforeHash.slice(queryAt)).has('lang'))) return path;
  return `${beforeHash}${queryAt >= 0 ? '&' : '?'}lang=${encodeURIComponent(lang)}${hash}`;
}
