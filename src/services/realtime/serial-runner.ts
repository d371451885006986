/** The webhook inbox's event-driven runs (a kick per webhook call), one at a time; its timed sweep is a PeriodicJob. */

/**
 * Runs one job at a time; a kick while it runs makes it run once more afterwards. With `minIntervalMs`, runs start at
 * least that far apart: under a steady stream of kicks (one per webhook call) the rows that arrive meanwhile are
 * processed together in one batch, instead of one small transaction per call (assumption WI3).
 */
export class SerialRunner {
  private running: Promise<void> | null = null;
  private again = false;
  private lastStart = 0;

  constructor(
    private readonly job: () => Promise<unknown>,
    private readonly isClosed: () => boolean,
    private readonly onError: (error: unknown) => void,
    private readonly minIntervalMs = 0,
  ) {}

  kick(): Promise<void> {
    if (this.isClosed()) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        const wait = this.lastStart + this.minIntervalMs - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        if (this.isClosed()) break;
        this.lastStart = performance.now();
        try {
          await this.job();
        } catch (error) {
          this.onError(error);
        }
      } while (this.again && !this.isClosed());
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  idle(): Promise<void> {
    return this.running ?? Promise.resolve();
  }
}
