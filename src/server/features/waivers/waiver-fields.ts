// The desk's search in SQL over the waiver questions every waiver form names alike (engine/waivers/waiver-fields.ts).
export { WAIVER_FIELDS } from '../../../engine/waivers/waiver-fields.ts';

/**
 * Signer's and dependents' names as one full-text vector ('simple': no language's stemming, so
 * Arabic and Latin names match word by word). Indexed by migration 302 exactly as written here:
 * the search must use the same expression, and it must never change (a new index would).
 */
export const WAIVER_NAMES_VECTOR = `to_tsvector('simple', coalesce(data->>'name', '') || ' ' || coalesce(jsonb_path_query_array(data->'dependents', '$[*].name')::text, ''))`;
