// The server's configuration: core's rows joined with every feature's (features/index.ts, each
// feature's `config`), so the README's table, the start-up checks and the readers are one list.
// Here, not in core, because core names no feature.
import { joinConfigVariables, loadConfig as loadConfigOf, type ConfigSection, type ServerConfig } from './core/config.ts';
import { FEATURES } from './features/index.ts';

const SECTIONS: readonly ConfigSection[] = FEATURES.flatMap((feature) => (feature.config ? [feature.config] : []));

/** Every environment variable the server reads: core's, then each feature's in the table's order. */
export const CONFIG_VARIABLES = joinConfigVariables(SECTIONS);

export function loadConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  return loadConfigOf(env, SECTIONS);
}
