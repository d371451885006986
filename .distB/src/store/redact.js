/** Connection strings carry passwords; anything that logs or throws one goes through here first. */
export function redactDatabaseUrl(databaseUrl) {
    const url = parseUrl(databaseUrl);
    // Anything that is not a postgres URL (a typo, a libpq key=value string) might hide a secret anywhere: show nothing.
    if (url?.protocol !== 'postgres:' && url?.protocol !== 'postgresql:')
        return '<unparsable database url>';
    if (url.password)
        url.password = '***';
    for (const key of [...url.searchParams.keys()]) {
        if (/pass|secret|key|token/i.test(key))
            url.searchParams.set(key, '***');
    }
    return url.toString();
}
function parseUrl(text) {
    try {
        return new URL(text);
    }
    catch {
        return undefined;
    }
}
