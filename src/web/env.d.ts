// What the page gets from /runtime-config.js (the route-set module types: src/web/virtual/).
interface ImportMetaEnv {
  /** The route set of this build (scripts/lib/route-set-plugin.ts), folded to a constant by the bundler. */
  readonly ROUTE_SET: import('../engine/definition/routes.ts').RouteSet;
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
  interface LoaderOptions {
    callbackName?: string;
    globalName?: string;
    scriptId?: string;
    attributes?: Record<string, string>;
    removeOnUnmount?: boolean;
  }
  export default function makeAsyncScriptLoader(
    url: string | (() => string),
    options?: LoaderOptions,
  ): <P>(component: ComponentType<P>) => ComponentType<P & { asyncScriptOnLoad?: (entry: { errored?: boolean }) => void; ref?: unknown }>;
}

// altcha's package maps 'altcha/i18n/*' to declaration files it does not ship; each only registers its strings.
declare module 'altcha/i18n/ar';
declare module 'altcha/i18n/fr-fr';
