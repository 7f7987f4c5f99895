// What the page gets from the build (the route-set plugin) and from /runtime-config.js.
declare module 'virtual:route-set' {
  import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
  import type { CompiledForm } from '../engine/compiled.ts';
  import type { RouteSet, RoutesTable } from '../engine/routes.ts';
  export const routeSet: RouteSet;
  /** routes.json with only the built routes and the settings they use. */
  export const routesTable: RoutesTable;
  /** The build artefacts of every form a built route shows, each its own chunk. */
  export const forms: Record<string, {
    compiled: () => Promise<CompiledForm>;
    validator: () => Promise<ValidatorFunctions>;
    /** The form's i18next namespace, one chunk per language it declares. */
    texts: Partial<Record<import('../engine/languages.ts').Lang, () => Promise<Record<string, string>>>>;
  }>;
}
declare module 'virtual:route-set/form-titles' {
  import type { LocalizedText } from '../engine/definition.ts';
  const titles: Record<string, LocalizedText>;
  export default titles;
}

interface Window {
  __RUNTIME_CONFIG__?: Partial<import('./api/runtimeConfig.ts').RuntimeConfig>;
}

// react-google-recaptcha ships its inner component and react-async-script its loader without types.
declare module 'react-google-recaptcha/lib/esm/recaptcha.js' {
  import type { Component } from 'react';
  export interface RecaptchaProps {
    sitekey: string;
    onChange?: (token: string | null) => void;
    onExpired?: () => void;
    onErrored?: () => void;
    size?: 'compact' | 'normal' | 'invisible';
    hl?: string;
    tabindex?: number;
    grecaptcha?: unknown;
  }
  export default class ReCAPTCHA extends Component<RecaptchaProps> {
    getValue(): string | null;
    reset(): void;
    execute(): void;
  }
}
declare module 'react-async-script' {
  import type { ComponentType } from 'react';
  interface LoaderOptions { callbackName?: string; globalName?: string; scriptId?: string; attributes?: Record<string, string> }
  export default function makeAsyncScriptLoader(url: string | (() => string), options?: LoaderOptions): <P>(component: ComponentType<P>) => ComponentType<P & { asyncScriptOnLoad?: (entry: { errored?: boolean }) => void; ref?: unknown }>;
}
