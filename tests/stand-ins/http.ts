import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * What the stand-ins share: a loopback server on a free port that can be closed even while a request hangs, a
 * bounded body reader, and faults injected per path. Vendor behaviour lives in each stand-in's own folder.
 */

/** How the next matching requests fail: an HTTP answer, an answer that never comes, or a dropped connection. */
export type Fault =
  | { kind: 'status'; status: number; body?: unknown; headers?: Record<string, string> }
  | { kind: 'hang' }
  | { kind: 'close' };

interface PlannedFault {
  method: string | undefined;
  path: string;
  remaining: number;
  fault: Fault;
}

export class FaultPlan {
  private readonly planned: PlannedFault[] = [];

  add(path: string, fault: Fault, options: { times?: number; method?: string } = {}): void {
    const times = options.times ?? 1;
    if (!Number.isInteger(times) || times < 1) throw new Error(`a fault needs times >= 1, got ${times}`);
    this.planned.push({ method: options.method?.toUpperCase(), path, remaining: times, fault });
  }

  /** The fault the request must suffer, if any; each one counts down and is forgotten when spent. */
  take(method: string, path: string): Fault | undefined {
    const index = this.planned.findIndex((p) => p.path === path && (p.method === undefined || p.method === method));
    if (index < 0) return undefined;
    const planned = this.planned[index];
    planned.remaining -= 1;
    if (planned.remaining === 0) this.planned.splice(index, 1);
    return planned.fault;
  }

  clear(): void {
    this.planned.length = 0;
  }
}

export class BodyTooLarge extends Error {}

/** The raw body, refused past `limit` bytes so a runaway client cannot exhaust the test process. */
export async function readBody(req: IncomingMessage, limit = 1_000_000): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limit) throw new BodyTooLarge(`body over ${limit} bytes`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(text);
}

/** Carries out a fault in place of the real answer. */
export function applyFault(fault: Fault, req: IncomingMessage, res: ServerResponse): void {
  switch (fault.kind) {
    case 'status':
      sendJson(res, fault.status, fault.body ?? { error: { type: 'ServiceUnavailable', message: 'Injected fault' } }, fault.headers);
      return;
    case 'hang':
      // Never answered: the server's close() destroys the socket, so a test cannot leak it.
      return;
    case 'close':
      req.socket.destroy();
      return;
    default:
      fault satisfies never;
  }
}

export interface LoopbackServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Listens on 127.0.0.1, on a free port unless one is given (a Playwright web server configured before the stand-in
 * starts needs to know it); close() also ends kept-alive and hanging connections instead of waiting for them.
 */
export async function listenOnLoopback(
  handler: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  onError: (error: unknown, req: IncomingMessage, res: ServerResponse) => void,
  port = 0,
): Promise<LoopbackServer> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    handler(req, res).catch((error: unknown) => onError(error, req, res));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        for (const socket of sockets) socket.destroy();
      }),
  };
}
