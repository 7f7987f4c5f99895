// Starts the server: configuration from the environment, then buildApp. Nothing else lives here.
import { loadConfig } from './core/config.ts';
import { buildApp } from './app.ts';
import { stopOnSignals } from './core/shutdown.ts';

const config = loadConfig();
try {
  const app = await buildApp(config);
  await app.listen({ port: config.port, host: config.host });
  console.log(`Serving pages and API on http://localhost:${config.port}`);
  stopOnSignals(app, config.shutdownGraceMs);
} catch (error) {
  console.error(`The server could not start: ${(error as Error).message}`);
  process.exit(1);
}
