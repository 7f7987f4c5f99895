// Starts the server: configuration from the environment, then buildApp. Nothing else lives here.
import { loadConfig } from './features/index.ts';
import { buildApp } from './app.ts';
import { stopOnSignals } from './core/shutdown.ts';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  // A wrong setting is the operator's to fix: its message names the variable; a stack trace would only hide it.
  console.error(`The server could not start: the configuration is wrong: ${(error as Error).message}`);
  process.exit(1);
}
try {
  const { app } = await buildApp(config);
  await app.listen({ port: config.port, host: config.host });
  console.log(`Serving pages and API on http://localhost:${config.port}`);
  stopOnSignals(app, config.shutdownGraceMs);
} catch (error) {
  console.error(`The server could not start: ${(error as Error).message}`);
  process.exit(1);
}
