export const LABEL_UPDATES_CHANNEL = 'label_updates';
export async function announceLabel(store, labelId) {
    await store.notify(LABEL_UPDATES_CHANNEL, labelId);
}
/** The label now, then each stored change of it, until `signal` aborts (or the label does not exist). */
export async function* watchLabel(store, labelId, read, signal) {
    let pending = true; // read once at the start
    let wake = null;
    const poke = () => {
        pending = true;
        wake?.();
    };
    // Listening starts before the first read, so a change stored between the two is not missed.
    const unlisten = await store.listen(LABEL_UPDATES_CHANNEL, (payload) => {
        if (payload === labelId)
            poke();
    });
    signal.addEventListener('abort', poke, { once: true });
    let lastSeen = null;
    try {
        while (!signal.aborted) {
            if (!pending) {
                await new Promise((resolve) => {
                    wake = resolve;
                });
                wake = null;
                continue;
            }
            pending = false;
            const label = await read(labelId);
            if (!label)
                return;
            const version = `${label.updatedAt.getTime()}|${label.state}|${label.attempts}|${label.documents.length}`;
            if (version !== lastSeen && !signal.aborted) {
                lastSeen = version;
                yield label;
            }
        }
    }
    finally {
        signal.removeEventListener('abort', poke);
        await unlisten();
    }
}
