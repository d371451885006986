import { shutdownTracing } from '../platform/tracing.js';
/**
 * SIGTERM / SIGINT: one bounded, logged shutdown. `server.close()` drains and stops everything in order; once it
 * resolves the process exits by itself with code 0, which proves nothing (timer, socket, pool) is left holding the
 * event loop. Past `timeoutMs` from the signal, whether a step is still waiting or something still holds the loop,
 * the process logs what was open and exits 1.
 */
export function exitOnTerminationSignals(server, logger, timeoutMs) {
    let began = false;
    const openWork = () => ({
        step: server.lifecycle.step,
        inFlightRequests: server.lifecycle.inFlightRequests,
        activeResources: process.getActiveResourcesInfo(),
    });
    const onSignal = (signal) => {
        // Repeats are expected, not a request to hurry: Ctrl-C signals the whole foreground group (npm, tsx and this
        // process) and npm and tsx relay it again. The deadline bounds the shutdown either way.
        if (began) {
            logger.info({ signal, ...openWork() }, 'already shutting down');
            return;
        }
        began = true;
        logger.info({ signal, timeoutMs }, 'shutting down: draining requests and subscribers (SHUTDOWN_TIMEOUT_MS)');
        const deadline = setTimeout(() => {
            logger.error({ signal, timeoutMs, ...openWork() }, 'shutdown did not finish within SHUTDOWN_TIMEOUT_MS; exiting with work still open');
            process.exit(1);
        }, timeoutMs);
        server
            .close()
            // Spans still batched are sent before the exporter stops (a no-op without OTEL_EXPORTER_OTLP_ENDPOINT).
            .then(() => shutdownTracing())
            .then(() => {
            logger.info({ signal }, 'stopped');
            process.exitCode = 0;
            // From here the deadline only catches a leak: it must not itself keep the process alive.
            deadline.unref();
        }, (error) => {
            logger.error({ err: error, ...openWork() }, 'shutdown failed');
            process.exit(1);
        });
    };
    process.on('SIGTERM', onSignal);
    process.on('SIGINT', onSignal);
}
