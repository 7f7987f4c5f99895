// The sleep-and-wake loop the outbox and the timers run on: one round of work, then a rest until
// the time the round says its next row is due, or until wake() (a NOTIFY from this or another
// instance, a place freed) or stop(). A round that throws (the database gone for a moment) is
// logged and tried again after a second, never in a tight loop against it. No polling otherwise.
import type { FastifyBaseLogger } from 'fastify';

/** After the database itself failed, the next round waits this long. */
const AFTER_ERROR_MS = 1000;

export class WakeLoop {
  private stopped = false;
  private woken = false;
  private wakeUp: (() => void) | null = null;
  private loop: Promise<void> | null = null;

  /**
   * round: the work that is due now; it answers the milliseconds until the next is due (<= 0: at
   * once). failure: the log line's start when a round throws, e.g. "outbox: it could not be read".
   */
  constructor(
    private readonly round: () => Promise<number>,
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
    private readonly failure: string,
  ) {}

  /** True from stop() on: work in hand finishes, nothing new is claimed, errors are not logged. */
  get isStopped(): boolean {
    return this.stopped;
  }

  /** Whether start() has run (or the loop was stopped first): starting again does nothing. */
  get isStarted(): boolean {
    return this.loop !== null || this.stopped;
  }

  start(): void {
    if (this.isStarted) return;
    this.loop = this.run();
  }

  /** Something may be due sooner than the last round said. */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  /** Ends the rest at once and waits for the round in hand. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake();
    await this.loop;
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      this.woken = false;
      let restMs: number;
      try {
        restMs = await this.round();
      } catch (error) {
        if (!this.stopped) this.log.error(`${this.failure} (${(error as Error).message})`);
        restMs = AFTER_ERROR_MS;
      }
      if (this.stopped || this.woken || restMs <= 0) continue;
      await this.rest(restMs);
    }
  }

  private async rest(ms: number): Promise<void> {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
      if (this.woken) this.wakeUp(); // woken while the round read the next due time
    });
    this.wakeUp = null;
  }
}
