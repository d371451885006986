import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The fourth carrier's own small simulator: `POST /track` (up to 10 numbers a call), `POST /rates`, `POST /shipments`,
 * all behind `x-api-key`. Numbers starting `4F` are in transit; a shipment it created is known from creation.
 */
export const FOURTH_API_KEY = 'fourth-key';

export interface FourthSimulator {
  url: string;
  /** Calls seen per route, e.g. `POST /shipments`. */
  calls: Record<string, number>;
  /** Shipments created, by tracking number, with the request body that created them. */
  created: Map<string, Record<string, unknown>>;
  close(): Promise<void>;
}

async function body(req: IncomingMessage): Promise<Record<string, any>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
}

function send(res: ServerResponse, status: number, payload: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
}

export async function startFourthSimulator(): Promise<FourthSimulator> {
  const calls: Record<string, number> = {};
  const created = new Map<string, Record<string, unknown>>();
  let serial = 0;
  const server = createServer(async (req, res) => {
    const route = `${req.method} ${req.url}`;
    calls[route] = (calls[route] ?? 0) + 1;
    if (req.headers['x-api-key'] !== FOURTH_API_KEY) return send(res, 401, { error: 'unauthorized' });
    const json = await body(req);
    if (route === 'POST /track') {
      const numbers: string[] = json['numbers'] ?? [];
      return send(res, 200, {
        results: numbers.map((number) =>
          created.has(number)
            ? { number, state: 'CREATED', events: [{ code: 'CR', text: 'label created', at: '2026-03-10T09:00:00Z' }] }
            : number.startsWith('4F')
              ? { number, state: 'MOVING', events: [{ code: 'MV', text: 'departed hub', at: '2026-03-10T10:00:00Z' }, { code: 'PU', text: 'picked up', at: '2026-03-10T08:00:00Z' }] }
              : { number, error: 'unknown number' },
        ),
      });
    }
    if (route === 'POST /rates') {
      return send(res, 200, { quotes: [{ service: 'F-STD', name: 'Fourth Standard', price: '12.50', currency: 'USD', days: 3 }, { service: 'F-FAST', name: 'Fourth Fast', price: '30.00', currency: 'USD', days: 1 }] });
    }
    if (route === 'POST /shipments') {
      serial += 1;
      const number = `4C${String(serial).padStart(8, '0')}`;
      created.set(number, json);
      return send(res, 200, { number, price: json['service'] === 'F-FAST' ? '30.00' : '12.50', currency: 'USD', label: Buffer.from(`%PDF-1.4 label ${number}`).toString('base64') });
    }
    return send(res, 404, { error: 'no such route' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    created,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
