/**
 * Imported first by every entry point (src/main.ts, sandbox/main.ts, scripts/subscribe.ts, bench/main.ts): under an
 * older Node the next import (undici, which needs Node 24's zlib) would die with a stack trace that names neither
 * the cause nor the fix. ES modules are evaluated in import order, so this check runs before anything else loads.
 * Written in syntax every Node since 12 understands, for the same reason.
 */
const REQUIRED_MAJOR = 24;
const major = Number(process.versions.node.split('.')[0]);
if (!(major >= REQUIRED_MAJOR)) {
    process.stderr.write(`Node ${REQUIRED_MAJOR} is required (this is Node ${process.versions.node} at ${process.execPath}). ` +
        'Install Node 24 (e.g. `nvm install 24`), or run through npm (`npm start`), which uses the Node 24 in node_modules.\n');
    process.exit(1);
}
export {};
