/**
 * Label change notifications: every stored change of a label is announced on one channel with the label's id (any
 * replica: LISTEN/NOTIFY on PostgreSQL), and `labelUpdates` turns them into a stream of the label as stored. A
 * notification is a hint (one may be lost while a connection is down): the label is always re-read from the store.
 */
import type { Label } from '../../domain/shipping.js';
import type { Store } from '../../store/store.js';

export const LABEL_UPDATES_CHANNEL = 'label_updates';

export async function announceLabel(store: Store, labelId: string): Promise<void> {
  await store.notify(LABEL_UPDATES_CHANNEL, labelId);
}

/** The label now, then each stored change of it, until `signal` aborts (or the label does not exist). */
export async function* watchLabel(store: Store, labelId: string, read: (id: string) => Promise<Label | null>, signal: AbortSignal): AsyncGenerator<Label> {
  let pending = true; // read once at the start
  let wake: (() => void) | null = null;
  const poke = (): void => {
    pending = true;
    wake?.();
  };
  // Listening starts before the first read, so a change stored between the two is not missed.
  const unlisten = await store.listen(LABEL_UPDATES_CHANNEL, (payload) => {
    if (payload === labelId) poke();
  });
  signal.addEventListener('abort', poke, { once: true });
  let lastSeen: string | null = null;
  try {
    while (!signal.aborted) {
      if (!pending) {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = null;
        continue;
      }
      pending = false;
      const label = await read(labelId);
      if (!label) return;
      const version = `${label.updatedAt.getTime()}|${label.state}|${label.attempts}|${label.documents.length}`;
      if (version !== lastSeen && !signal.aborted) {
        lastSeen = version;
        yield label;
      }
    }
  } finally {
    signal.removeEventListener('abort', poke);
    await unlisten();
  }
}
