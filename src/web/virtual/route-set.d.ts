// The types of `virtual:route-set`, the module the route-set vite plugin (scripts/lib/route-set-plugin.ts)
// writes for each build (tsconfig "paths" points the name here).
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import type { CompiledForm } from '../../engine/compiler/compiled.ts';
import type { Lang } from '../../engine/text/languages.ts';
import type { RouteSet, RoutesTable } from '../../engine/definition/routes.ts';

export declare const routeSet: RouteSet;
/** routes.json with only the built routes and the settings they use. */
export declare const routesTable: RoutesTable;
/** The build artefacts of every form a built route shows, each its own chunk. */
export declare const forms: Record<
  string,
  {
    compiled: () => Promise<CompiledForm>;
    validator: () => Promise<ValidatorFunctions>;
    /** The form's i18next namespace, one chunk per language it declares. */
    texts: Partial<Record<Lang, () => Promise<Record<string, string>>>>;
  }
>;
/** Private builds: the staff console's forms (every guest form's id, and the content forms' ids). */
export declare const consoleForms: { submissions: string[]; content: string[] };
