import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * What the simulators created, kept across restarts in one JSON file (the server's in-process sandbox keeps it in
 * DATA_DIR, beside the store that remembers the labels): the numbers handed out so far (never again, for this file),
 * the shipments, packages and pickups created (still found, tracked and cancellable after a restart) and where the
 * sandbox clock was (it never runs backwards, so nothing created is in the future after a restart).
 *
 * Each ledger attaches itself by name when its simulator first uses it, gets back what was saved, and hands a
 * snapshot function; the file is rewritten (whole, through a temporary file and a rename, so a crash leaves the old
 * or the new file, never half of one) after every call that may have created or changed something (simulator.ts),
 * before its answer is sent: like a carrier, the sandbox has committed what it answers. Sandbox volumes are small
 * (a developer's labels), so rewriting the whole file is cheap; documents' bytes are not kept (the server stores its
 * own copy when it buys).
 */
export class SandboxState {
  private readonly saved: Record<string, unknown>;
  private readonly live = new Map<string, () => unknown>();
  /** How many times this file was opened: id generators drawn from the seed mix it in, so no restart repeats one. */
  readonly generation: number;
  /** The sandbox clock at the last save; null for a new file. */
  readonly clockAt: Date | null;
  private now: () => Date = () => new Date();
  /** The ledgers as last written, so a call that changed nothing (a tracking POST) writes nothing. */
  private written = '';

  private constructor(
    private readonly path: string,
    saved: Record<string, unknown>,
  ) {
    this.saved = saved;
    this.generation = (typeof saved['generation'] === 'number' ? saved['generation'] : 0) + 1;
    this.clockAt = typeof saved['clockAt'] === 'string' ? new Date(saved['clockAt']) : null;
  }

  /** Opens (or starts) the file at `path`; a file that cannot be read as ours stops the start, naming it. */
  static open(path: string): SandboxState {
    let text: string | null = null;
    try {
      text = readFileSync(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    let saved: Record<string, unknown> = {};
    if (text !== null) {
      try {
        saved = JSON.parse(text, revive) as Record<string, unknown>;
      } catch (error) {
        throw new Error(`the sandbox state file ${path} is not valid JSON (${(error as Error).message}); move it away to start the sandbox afresh`);
      }
    }
    const state = new SandboxState(path, saved);
    // The new generation is on disk before any number is drawn from it.
    state.save();
    return state;
  }

  /** The clock read at each save (the sandbox's, once it exists). */
  useClock(now: () => Date): void {
    this.now = now;
  }

  /** What `name` saved last time (undefined when nothing), and from now on `snapshot` is saved under it. */
  attach<T>(name: string, snapshot: () => T): T | undefined {
    this.live.set(name, snapshot);
    return this.saved[name] as T | undefined;
  }

  /** Writes every attached ledger's snapshot (ledgers not used since the start keep what they had). */
  save(): void {
    for (const [name, snapshot] of this.live) this.saved[name] = snapshot();
    const ledgers: Record<string, unknown> = { ...this.saved, generation: this.generation };
    delete ledgers['clockAt'];
    const text = JSON.stringify(ledgers, replace);
    if (text === this.written) return;
    this.written = text;
    this.saved['generation'] = this.generation;
    this.saved['clockAt'] = this.now().toISOString();
    mkdirSync(dirname(this.path), { recursive: true });
    const temporary = `${this.path}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(this.saved, replace));
    renameSync(temporary, this.path);
  }
}

/** Dates as `{ "$date": iso }`, so they come back as Dates (a plain ISO string stays a string). */
function replace(this: Record<string, unknown>, key: string, value: unknown): unknown {
  return this[key] instanceof Date ? { $date: value } : value;
}

function revive(_key: string, value: unknown): unknown {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const date = (value as Record<string, unknown>)['$date'];
    if (typeof date === 'string' && Object.keys(value).length === 1) return new Date(date);
  }
  return value;
}
