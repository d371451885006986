/**
 * `POST /graphql` (nearly every request the subgraph serves) runs its handlers straight from node:http's request
 * event, without express's router: the router's per-request work (layer matching, the mount's prefix trimming and
 * restoring, parameter processing) was measurable CPU on every request (issue 12, `{ __typename }` against a bare
 * Apollo hello world). The handlers are the same ones `app.use('/graphql', ...)` mounts (request id and access line,
 * router secret, express.json with its 2mb limit and content-type rules, the GraphQL handler, the JSON error
 * answers), run in the same order with express's own request and response (the prototypes app.handle sets), so every
 * answer is the one express gives. Anything else (GET /graphql, /graphql/..., other paths and methods) goes to
 * express unchanged. Off with tracing: express's instrumentation names the HTTP span's route from its router.
 */
export function graphqlPostFastPath(app, handlers, onError) {
    return (req, res) => {
        if (req.method !== 'POST' || !isGraphqlPath(req.url)) {
            app(req, res);
            return;
        }
        // What express's app.handle does before routing (x-powered-by is disabled on this app).
        const request = req;
        const response = res;
        request.res = response;
        response.req = request;
        Object.setPrototypeOf(req, app.request);
        Object.setPrototypeOf(res, app.response);
        response.locals ??= Object.create(null);
        request.originalUrl ??= req.url;
        runChain(handlers, onError, request, response);
    };
}
/** `/graphql`, with or without a query string: what app.use('/graphql') matches, less its sub-paths and other cases. */
function isGraphqlPath(url) {
    return url !== undefined && url.startsWith('/graphql') && (url.length === 8 || url.charCodeAt(8) === 63 /* ? */);
}
/**
 * express's semantics for one mounted stack: each handler's `next()` runs the following one, `next(error)` (or a
 * throw, or a rejected promise) skips to the error handler. Past the error handler (it passes on only an error
 * raised after the answer began), express's final handler ends the connection, since nothing more can be sent.
 */
function runChain(handlers, onError, req, res) {
    let index = 0;
    let failed = false;
    const final = (error) => {
        if (error !== undefined && error !== null)
            console.error(error instanceof Error ? error.stack ?? String(error) : String(error));
        if (res.headersSent)
            req.socket.destroy();
        else {
            res.statusCode = error ? 500 : 404;
            res.end();
        }
    };
    const settle = (result, onRejected) => {
        if (result instanceof Promise)
            result.then(undefined, (error) => onRejected(error || new Error('Rejected promise')));
    };
    const next = (error) => {
        if (error !== undefined && error !== null && error !== false) {
            if (failed)
                return final(error);
            failed = true;
            try {
                settle(onError(error, req, res, final), final);
            }
            catch (thrown) {
                final(thrown);
            }
            return;
        }
        const handler = handlers[index++];
        if (!handler)
            return final();
        try {
            settle(handler(req, res, next), next);
        }
        catch (thrown) {
            next(thrown);
        }
    };
    next();
}
