/** `npm run analytics:backfill`: the backfill command (src/analytics-backfill.ts, compiled for the production image). */
import '../src/analytics-backfill.js';
