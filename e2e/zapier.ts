/**
 * The Zapier side of a journey, without Zapier: the published app (`zapier-app/`) subscribes a hook through
 * zapier-platform-core's app tester, and a loopback receiver stands in for hooks.zapier.com, verifying every POST with
 * the `standardwebhooks` package. The server must list 127.0.0.1 in ZAPIER_HOOK_HOSTS (playwright.config.ts does).
 */
import { createRequire } from 'node:module';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { createAppTester } from 'zapier-platform-core';

type ZapierFunction = (z: unknown, bundle: unknown) => unknown;

/** The parts of the app definition a test drives (the app is CommonJS, outside tsc). */
export interface ZapierAppDefinition {
  authentication: { test: ZapierFunction; connectionLabel: ZapierFunction };
  triggers: {
    forms: { operation: { perform: ZapierFunction } };
    new_response: {
      operation: {
        performSubscribe: ZapierFunction;
        performUnsubscribe: ZapierFunction;
        perform: ZapierFunction;
        performList: ZapierFunction;
        outputFields: (Record<string, unknown> | ZapierFunction)[];
      };
    };
  };
}

export const zapierApp = createRequire(import.meta.url)('../zapier-app/index.js') as ZapierAppDefinition;
/** What the app reads for Form Builder's address (zapier-app/api.js). */
const API_URL_VARIABLE = 'FORMBUILDER_API_URL';

/** Runs one of the app's functions as Zapier would, against `baseUrl` (the app reads its address at request time). */
export async function runZapierApp<T>(baseUrl: string, method: ZapierFunction, bundle: Record<string, unknown>): Promise<T> {
  process.env[API_URL_VARIABLE] = baseUrl;
  const tester = createAppTester(zapierApp);
  return (await tester(method as never, bundle as never)) as T;
}

/** A delivery as the receiver saw it: verified, first arrival kept, repeats (same `webhook-id`) counted. */
export interface ReceivedDelivery {
  webhookId: string;
  path: string;
  payload: Record<string, unknown>;
  receivedAt: Date;
  /** How many verified POSTs carried this `webhook-id` (more than 1 = a duplicate reached the Zap). */
  count: number;
}

/**
 * A loopback stand-in for Zapier's hook receiver. "Stopped" keeps the port and answers 503, as Zapier's load balancer
 * does when its hook service is down: the port stays ours (no other process can take it between stop and start) and
 * the failed attempt reads as a real outage would (`HTTP 503`).
 */
export class HookReceiver {
  /** Verified deliveries by `webhook-id`. */
  readonly deliveries = new Map<string, ReceivedDelivery>();
  /** POSTs whose signature did not verify against their path's secret (answered 401, never recorded). */
  rejected = 0;
  /** POSTs answered 503 while stopped. */
  refused = 0;
  private readonly secrets = new Map<string, string>();
  private readonly sockets = new Set<Socket>();
  private up = true;

  private readonly server: Server;

  private constructor() {
    this.server = createServer((request, response) => this.handle(request, response));
    this.server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
  }

  /** Listens on 127.0.0.1 (`port` 0: any free one). */
  static async start(port = 0): Promise<HookReceiver> {
    const receiver = new HookReceiver();
    await new Promise<void>((resolve, reject) => {
      receiver.server.once('error', reject);
      receiver.server.listen(port, '127.0.0.1', () => resolve());
    });
    return receiver;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  /** The hook URL for one Zap (each Zap gets its own path, as Zapier's catch URLs differ). */
  url(path = '/hooks/zap'): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  /** The secret the subscribe answered for the hook at `path`: every POST there must verify with it. */
  trust(path: string, secret: string): void {
    this.secrets.set(path, secret);
  }

  get running(): boolean {
    return this.up;
  }

  /** "Zapier is down": every POST is answered 503 until `restart()`. */
  stop(): void {
    this.up = false;
  }

  /** Back up, on the same port. */
  restart(): void {
    this.up = true;
  }

  /** Resolves with the first verified delivery that matches, or rejects after `timeoutMs`. */
  async waitFor(match: (delivery: ReceivedDelivery) => boolean, timeoutMs = 15_000): Promise<ReceivedDelivery> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      for (const delivery of this.deliveries.values()) if (match(delivery)) return delivery;
      if (Date.now() > deadline) throw new Error(`no matching delivery within ${timeoutMs} ms (${this.deliveries.size} received)`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Closes the port for good (open keep-alive connections too). */
  async close(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }

  private handle(request: IncomingMessage, response: ServerResponse): void {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answer = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (!this.up) {
        this.refused += 1;
        answer(503, { status: 'error', message: 'Service Unavailable' });
        return;
      }
      const path = request.url ?? '';
      const body = Buffer.concat(chunks).toString('utf8');
      const secret = this.secrets.get(path);
      try {
        if (request.method !== 'POST' || !secret) throw new Error('no hook here');
        new Webhook(secret).verify(body, request.headers as Record<string, string>);
      } catch {
        this.rejected += 1;
        answer(401, { status: 'error', message: 'signature did not verify' });
        return;
      }
      const webhookId = String(request.headers['webhook-id']);
      const seen = this.deliveries.get(webhookId);
      if (seen) seen.count += 1;
      else this.deliveries.set(webhookId, { webhookId, path, payload: JSON.parse(body), receivedAt: new Date(), count: 1 });
      // What hooks.zapier.com answers.
      answer(200, { status: 'success', id: webhookId });
    });
  }
}

export interface ZapHook {
  hookId: string;
  secret: string;
  targetUrl: string;
  /** Turns the Zap off: the app's performUnsubscribe. */
  unsubscribe(): Promise<void>;
}

/**
 * Turns a Zap on for `formId`: the app's performSubscribe with `apiKey`, aimed at `receiver` (path `path`), which then
 * verifies every POST with the secret the subscribe answered.
 */
export async function subscribeZapHook(options: {
  apiKey: string;
  formId: string;
  receiver: HookReceiver;
  path?: string;
  baseUrl?: string;
}): Promise<ZapHook> {
  const baseUrl = options.baseUrl ?? process.env.E2E_BASE_URL;
  if (!baseUrl) throw new Error('subscribeZapHook needs baseUrl or E2E_BASE_URL');
  const path = options.path ?? `/hooks/${options.formId}`;
  const targetUrl = options.receiver.url(path);
  const authData = { apiKey: options.apiKey };
  const { performSubscribe, performUnsubscribe } = zapierApp.triggers.new_response.operation;
  const subscribed = await runZapierApp<{ id: string; secret: string }>(baseUrl, performSubscribe, {
    authData,
    inputData: { form_id: options.formId },
    targetUrl,
  });
  options.receiver.trust(path, subscribed.secret);
  return {
    hookId: subscribed.id,
    secret: subscribed.secret,
    targetUrl,
    unsubscribe: async () => {
      await runZapierApp(baseUrl, performUnsubscribe, { authData, inputData: { form_id: options.formId }, targetUrl, subscribeData: subscribed });
    },
  };
}
