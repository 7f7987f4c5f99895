// The types of `virtual:route-set/form-titles` (see route-set.d.ts): each built form's title.
import type { LocalizedText } from '../../engine/definition/definition.ts';

declare const titles: Record<string, LocalizedText>;
export default titles;
