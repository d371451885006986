/** Exponential backoff with full jitter: attempt 0 waits up to base, attempt 1 up to 2 * base, ... */
export function backoffDelayMs(attempt, baseMs, random = Math.random) {
    const ceiling = baseMs * 2 ** attempt;
    return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
/** Reads a Retry-After header (delta seconds or HTTP date) as an absolute instant; null when absent or unreadable. */
export function parseRetryAfter(value, now = new Date()) {
    const raw = Array.isArray(value) ? value[0] : value;
    if (!raw)
        return null;
    const trimmed = raw.trim();
    if (/^\d+(\.\d+)?$/.test(trimmed))
        return new Date(now.getTime() + Number(trimmed) * 1000);
    // An HTTP date always names its weekday and month; without letters, Date.parse would read junk like "-1" as a year.
    const date = /[a-z]/i.test(trimmed) ? Date.parse(trimmed) : Number.NaN;
    return Number.isNaN(date) ? null : new Date(date);
}
export function sleep(ms, signal) {
    return new Promise((resolve, reject) => {
        if (ms <= 0)
            return resolve();
        const timer = setTimeout(() => {
            signal?.removeEventListener('abort', onAbort);
            resolve();
        }, ms);
        const onAbort = () => {
            clearTimeout(timer);
            reject(signal?.reason ?? new Error('aborted'));
        };
        signal?.addEventListener('abort', onAbort, { once: true });
    });
}
