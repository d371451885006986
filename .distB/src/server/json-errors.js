function statusOf(error) {
    if (typeof error !== 'object' || error === null)
        return 500;
    const { status, statusCode } = error;
    const value = Number(status ?? statusCode);
    return Number.isInteger(value) && value >= 400 && value <= 599 ? value : 500;
}
/** body-parser's error types, in the client's words; never the body itself (it may hold anything). */
const PROBLEMS = {
    'entity.parse.failed': 'the request body is not valid JSON',
    'encoding.unsupported': 'the request body has an unsupported content encoding',
    'charset.unsupported': 'the request body has an unsupported charset; send UTF-8 JSON',
    'request.aborted': 'the request body was not received completely',
    'request.size.invalid': 'the request body is shorter or longer than its Content-Length',
};
/**
 * The error handler of /graphql: what express.json (or anything before Apollo) raises is answered as a GraphQL error
 * in JSON, the shape every GraphQL client reads, instead of Express's HTML page with a stack trace. A malformed body
 * is 400 BAD_REQUEST, an oversized one 413 PAYLOAD_TOO_LARGE naming the limit; anything else is logged with its stack
 * and answered 500 INTERNAL_SERVER_ERROR without details.
 */
export function graphqlJsonErrors(logger) {
    return (error, _req, res, next) => {
        if (res.headersSent) {
            next(error);
            return;
        }
        const status = statusOf(error);
        const { type, limit } = (typeof error === 'object' && error !== null ? error : {});
        let message;
        let code;
        const extensions = {};
        if (status === 413) {
            code = 'PAYLOAD_TOO_LARGE';
            message = typeof limit === 'number' ? `the request body exceeds ${limit} bytes` : 'the request body is too large';
            if (typeof limit === 'number')
                extensions.limitBytes = limit;
            logger.warn({ status, limitBytes: limit }, 'graphql request refused: body too large');
        }
        else if (status < 500) {
            code = 'BAD_REQUEST';
            message = (typeof type === 'string' ? PROBLEMS[type] : undefined) ?? 'the request body could not be read';
            logger.warn({ status, problem: type }, 'graphql request refused: unreadable body');
        }
        else {
            code = 'INTERNAL_SERVER_ERROR';
            message = 'Internal server error';
            logger.error({ err: error }, 'graphql request failed before execution');
        }
        res.status(status).json({ errors: [{ message, extensions: { code, ...extensions } }] });
    };
}
