// In-memory fixed-window limit per key (client IP + what is being created). Per instance:
// behind a load balancer each instance counts on its own, which is acceptable for abuse damping.
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one attempt; false when the key has used its budget for this minute. */
  take(key: string, perMinute = this.perMinute): boolean {
    const now = this.now();
    if (this.windows.size > 10_000) this.forgetOld(now);
    const window = this.windows.get(key);
    if (!window || now - window.start >= 60_000) {
      this.windows.set(key, { start: now, count: 1 });
      return perMinute > 0;
    }
    window.count += 1;
    return window.count <= perMinute;
  }

  private forgetOld(now: number) {
    for (const [key, window] of this.windows) if (now - window.start >= 60_000) this.windows.delete(key);
  }
}
