import { HeaderMap } from '@apollo/server';
/**
 * Apollo Server over express 5, written here instead of `@as-integrations/express5`: that integration's only job is
 * this translation, and it reads the query string with `url.parse(req.url)`, which on Node 24 walks the stack for its
 * deprecation check on every call made from node_modules (16-20 % of a small request's CPU under a profile, issue 12).
 * Behaviour is the integration's: same request fields, same status, headers and (complete or chunked) body.
 */
export function graphqlHttpHandler(server, context) {
    server.assertStarted('graphqlHttpHandler()');
    return async (req, res) => {
        if (!('body' in req)) {
            res.status(500).send('`req.body` is not set; the JSON body parser must run before the GraphQL handler.');
            return;
        }
        const headers = new HeaderMap();
        for (const [key, value] of Object.entries(req.headers)) {
            if (value !== undefined)
                headers.set(key, Array.isArray(value) ? value.join(', ') : value);
        }
        // The search part as url.parse gave it: from the first '?' (inclusive), or '' when there is none.
        const queryAt = req.url.indexOf('?');
        const httpGraphQLRequest = {
            method: req.method.toUpperCase(),
            headers,
            search: queryAt === -1 ? '' : req.url.slice(queryAt),
            body: req.body,
        };
        const response = await server.executeHTTPGraphQLRequest({ httpGraphQLRequest, context: () => context({ req, res }) });
        for (const [key, value] of response.headers)
            res.setHeader(key, value);
        res.statusCode = response.status || 200;
        if (response.body.kind === 'complete') {
            if (req.method === 'POST') {
                // An ETag serves only a conditional GET: for a POST, express's res.send would hash every answer for nothing.
                res.setHeader('content-length', Buffer.byteLength(response.body.string));
                res.end(response.body.string);
                return;
            }
            res.send(response.body.string);
            return;
        }
        for await (const chunk of response.body.asyncIterator) {
            res.write(chunk);
            // compression middleware adds flush(); without it, each chunk goes out as written.
            const flush = res.flush;
            if (typeof flush === 'function')
                flush.call(res);
        }
        res.end();
    };
}
