/**
 * Where this process is in its life, shared by /readyz (draining: not ready) and the shutdown deadline's log line
 * (what it was still waiting for).
 */
export class Lifecycle {
    /** Set when shutdown begins: /readyz answers 503 from then on, so a load balancer stops sending new work. */
    draining = false;
    /** The shutdown step in progress ('http', 'push', 'services', 'store', 'sandbox'); null before and after. */
    step = null;
    inFlight = 0;
    /** Counts HTTP requests from arrival to the end of their response (finished or aborted). */
    track(server) {
        server.on('request', (_req, res) => {
            this.inFlight += 1;
            res.once('close', () => {
                this.inFlight -= 1;
            });
        });
    }
    get inFlightRequests() {
        return this.inFlight;
    }
    /** Runs the shutdown steps in order, recording which one is in progress. */
    async runSteps(steps) {
        this.draining = true;
        for (const [name, run] of steps) {
            this.step = name;
            await run();
        }
        this.step = null;
    }
}
