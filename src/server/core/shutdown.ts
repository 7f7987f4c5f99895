// How the server stops on SIGTERM or SIGINT (an orchestrator's rollout, Ctrl-C): it refuses new
// connections at once, lets requests in flight finish for up to SHUTDOWN_GRACE_MS, then runs every
// plugin's onClose hook (Fastify runs them after the HTTP server has closed, last registered
// first: a feature's own work - an alert outbox's state, timers - before the database plugin
// closes the database; then the request log is flushed) and exits 0.
import type { FastifyInstance } from 'fastify';

/** After the grace, closing the database and flushing may take this long before the process gives up. */
const CLOSE_MS = 10_000;

export function stopOnSignals(app: FastifyInstance, graceMs: number): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return; // a second signal while stopping changes nothing: the stop is already under way
    stopping = true;
    console.log(`${signal}: stopping (requests in flight may finish within ${graceMs} ms).`);
    // Fastify closes the listener once its preClose hooks have run; saying so tells an operator (and the test) the moment.
    const listener = setInterval(() => {
      if (app.server.listening) return;
      clearInterval(listener);
      console.log('No new connections are accepted.');
    }, 10);
    const cut = setTimeout(() => {
      console.log(`Requests still in flight after ${graceMs} ms are cut.`);
      app.server.closeAllConnections();
    }, graceMs);
    const giveUp = setTimeout(() => {
      console.error('The server did not stop in time; exiting anyway.');
      process.exit(1);
    }, graceMs + CLOSE_MS);
    giveUp.unref();
    app.close().then(
      () => {
        clearTimeout(cut);
        console.log('Stopped.');
        process.exit(0);
      },
      (error: Error) => {
        console.error(`The server did not stop cleanly: ${error.message}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
