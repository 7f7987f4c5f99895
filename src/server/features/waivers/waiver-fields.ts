// Where the desk finds the people of a waiver in its answers: the waiver definitions (forms/ with
// submit.evidence) share these question names, which the search indexes (migration 302) and the
// results read. A new waiver form keeps them so the desk finds its guests.
export const WAIVER_FIELDS = {
  name: 'name',
  /** QID or passport number. */
  document: 'qid',
  phone: 'phone',
  visitDate: 'visit_date',
  /** The repeat of children/dependents, each with its own name and document. */
  dependents: 'dependents',
} as const;

/**
 * Signer's and dependents' names as one full-text vector ('simple': no language's stemming, so
 * Arabic and Latin names match word by word). Indexed by migration 302 exactly as written here:
 * the search must use the same expression, and it must never change (a new index would).
 */
export const WAIVER_NAMES_VECTOR = `to_tsvector('simple', coalesce(data->>'name', '') || ' ' || coalesce(jsonb_path_query_array(data->'dependents', '$[*].name')::text, ''))`;
