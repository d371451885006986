/** The instant until which a call granted at `grantedAt` holds the interval, unless completed earlier. */
export function heldUntil(grantedAt, rule) {
    return new Date(grantedAt.getTime() + (rule.minIntervalMs > 0 ? (rule.holdMs ?? 0) : 0));
}
