/**
 * Problem details "in the RFC 7807 manner": `type`, `title`, `status`, `detail`, `instance`, served as
 * application/problem+json. Interface A uses them by the seed; the express and e-commerce simulators use the same
 * shape by assumptions X1 and "Sandbox data" in docs/assumptions.md.
 */
const TITLES = {
    400: 'Bad Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    405: 'Method Not Allowed',
    429: 'Too Many Requests',
    500: 'Internal Server Error',
    503: 'Service Unavailable',
};
const SLUGS = {
    400: 'invalid-request',
    401: 'unauthorized',
    403: 'forbidden',
    404: 'not-found',
    405: 'method-not-allowed',
    429: 'too-many-requests',
    500: 'server-error',
    503: 'service-unavailable',
};
export function problem(req, status, detail, headers) {
    const body = {
        type: `urn:sandbox:problem:${SLUGS[status] ?? 'error'}`,
        title: TITLES[status] ?? 'Error',
        status,
        detail,
        instance: req.pathAndQuery,
    };
    return { status, json: body, contentType: 'application/problem+json', ...(headers ? { headers } : {}) };
}
