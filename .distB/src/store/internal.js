/*
 * LISTEN takes an identifier (folded to lower case unless quoted) while pg_notify takes the exact string, and PGlite
 * interpolates the name unquoted. Lower-case identifiers mean the same channel on every path.
 */
const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
export function assertChannelName(channel) {
    if (!CHANNEL_NAME.test(channel)) {
        throw new RangeError(`invalid channel name ${JSON.stringify(channel)}: use lower-case [a-z_][a-z0-9_]*, at most 63 characters`);
    }
}
