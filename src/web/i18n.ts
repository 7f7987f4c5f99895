// The pages' i18next: the shared instance (engine/text/i18n.ts) with the page's language detector and
// react-i18next, so components re-render when the language changes.
import { initReactI18next } from 'react-i18next';
import { routesTable } from 'virtual:route-set';
import { addLocalizedTexts, initI18n } from '../engine/text/i18n.ts';
import { ROUTES_NS } from './shell/pageData.ts';
import { pageLanguageDetector } from './shell/pageLanguage.ts';

export const i18n = initI18n([pageLanguageDetector, initReactI18next]);

// Header titles of routes.json, keyed by their prefix.
addLocalizedTexts(ROUTES_NS, Object.fromEntries(routesTable.settings.map((rule) => [rule.prefix, rule.header])));
