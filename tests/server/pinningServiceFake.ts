// A local fake of the IPFS Pinning Service API (https://ipfs.github.io/pinning-services-api-spec/) on an ephemeral
// port: checks the bearer token, keeps the pins, answers POST /pins (202 PinStatus, queued), GET /pins/{requestid}
// (the first read finds it pinned, as a service that finished in between) and GET /pins?cid=, with the spec's error
// body { error: { reason, details } }. failWith(500 | 401) makes every request fail until failWith(null).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

interface FakePin {
  requestid: string;
  status: 'queued' | 'pinning' | 'pinned' | 'failed';
  created: string;
  pin: { cid: string; name?: string; origins?: string[]; meta?: Record<string, string> };
  delegates: string[];
}

const DELEGATE = '/ip4/127.0.0.1/tcp/4001/p2p/12D3KooWFakePinningServiceDelegate';

async function readBody(request: IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function send(response: ServerResponse, status: number, doc: unknown) {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(doc));
}

const refuse = (response: ServerResponse, status: number, reason: string, details: string) => send(response, status, { error: { reason, details } });

function validPin(body: unknown): body is FakePin['pin'] {
  if (typeof body !== 'object' || body === null) return false;
  const pin = body as Record<string, unknown>;
  return (
    typeof pin.cid === 'string' && pin.cid.length > 0 &&
    (pin.name === undefined || (typeof pin.name === 'string' && pin.name.length <= 255)) &&
    (pin.origins === undefined || Array.isArray(pin.origins)) &&
    (pin.meta === undefined || (typeof pin.meta === 'object' && pin.meta !== null))
  );
}

export async function startPinningServiceFake({ token }: { token: string }) {
  const requests: FakeRequest[] = [];
  const pins = new Map<string, FakePin>();
  let failure: 401 | 500 | null = null;
  let counter = 0;

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://fake.invalid');
      const body = await readBody(request);
      requests.push({ method: request.method ?? '', path: url.pathname + url.search, authorization: request.headers.authorization, body });
      if (failure === 500) return refuse(response, 500, 'INTERNAL_SERVER_ERROR', 'The fake pinning service fails on purpose');
      if (failure === 401 || request.headers.authorization !== `Bearer ${token}`) return refuse(response, 401, 'UNAUTHORIZED', 'Access token is missing or invalid');
      if (request.method === 'POST' && url.pathname === '/pins') {
        if (!validPin(body)) return refuse(response, 400, 'BAD_REQUEST', 'A pin needs a cid; name, origins and meta are optional');
        const pin: FakePin = { requestid: `req-${++counter}`, status: 'queued', created: new Date().toISOString(), pin: body, delegates: [DELEGATE] };
        pins.set(pin.requestid, pin);
        return send(response, 202, pin);
      }
      const one = /^\/pins\/([^/]+)$/.exec(url.pathname);
      if (request.method === 'GET' && one) {
        const pin = pins.get(decodeURIComponent(one[1]!));
        if (!pin) return refuse(response, 404, 'NOT_FOUND', 'The specified resource was not found');
        if (pin.status === 'queued' || pin.status === 'pinning') pin.status = 'pinned';
        return send(response, 200, pin);
      }
      if (request.method === 'GET' && url.pathname === '/pins') {
        const cids = url.searchParams.get('cid')?.split(',');
        const results = [...pins.values()].filter((pin) => !cids || cids.includes(pin.pin.cid));
        return send(response, 200, { count: results.length, results });
      }
      return refuse(response, 404, 'NOT_FOUND', 'The specified resource was not found');
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    pins,
    failWith(status: 401 | 500 | null) {
      failure = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type PinningServiceFake = Awaited<ReturnType<typeof startPinningServiceFake>>;
