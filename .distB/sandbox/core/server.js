import { createServer } from 'node:http';
const MAX_BODY_BYTES = 1024 * 1024;
/** One node:http server on its own port, so each simulator is its own origin as the upstreams are. */
export async function listen(host, port, handler) {
    let origin = '';
    const server = createServer((incoming, outgoing) => {
        void serve(incoming, outgoing, origin, handler);
    });
    await new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
            server.off('error', reject);
            resolve();
        });
    });
    const address = server.address();
    const hostPart = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    origin = `http://${hostPart}:${address.port}`;
    return {
        origin,
        port: address.port,
        close: () => new Promise((resolve, reject) => {
            server.close((error) => (error ? reject(error) : resolve()));
            server.closeAllConnections();
        }),
    };
}
async function serve(incoming, outgoing, origin, handler) {
    try {
        const body = await readBody(incoming);
        if (body === undefined) {
            write(outgoing, { status: 413, json: { message: 'Request body too large.' } });
            return;
        }
        const url = new URL(incoming.url ?? '/', origin);
        const request = {
            method: (incoming.method ?? 'GET').toUpperCase(),
            path: url.pathname,
            query: url.searchParams,
            pathAndQuery: `${url.pathname}${url.search}`,
            headers: incoming.headers,
            body,
            origin,
        };
        const response = await handler(request);
        if (response.delayMs !== undefined && response.delayMs > 0)
            await new Promise((resolve) => setTimeout(resolve, response.delayMs));
        if (response.reset) {
            incoming.socket.destroy();
            return;
        }
        write(outgoing, response);
    }
    catch (error) {
        if (!outgoing.headersSent)
            write(outgoing, { status: 500, json: { message: `Sandbox failure: ${String(error)}` } });
        else
            outgoing.destroy();
    }
}
async function readBody(incoming) {
    const chunks = [];
    let size = 0;
    for await (const chunk of incoming) {
        const buffer = chunk;
        size += buffer.length;
        if (size > MAX_BODY_BYTES)
            return undefined;
        chunks.push(buffer);
    }
    return Buffer.concat(chunks);
}
function write(outgoing, response) {
    const payload = response.raw !== undefined ? response.raw : response.json !== undefined ? JSON.stringify(response.json) : '';
    const contentType = response.contentType ?? (response.json !== undefined || response.raw !== undefined ? 'application/json' : undefined);
    const headers = { ...response.headers };
    if (contentType && payload !== '')
        headers['content-type'] = contentType;
    headers['content-length'] = String(Buffer.byteLength(payload));
    outgoing.writeHead(response.status, headers);
    outgoing.end(payload);
}
