import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';

/**
 * Whether the web side of this process is saturated: requests are waiting on it and its event loop has had no idle
 * time to speak of lately. Background work that shares the event loop (the delivery engine's in-process workers)
 * defers to it then: a person waiting on a submission comes before a push that may wait a few seconds.
 */
export function isSaturated(load: { inFlight: number; utilization: number }): boolean {
  return load.inFlight > 0 && load.utilization >= SATURATED_UTILIZATION;
}

/** The event loop's busy share (0–1) over the last sample at which the web side counts as saturated. */
const SATURATED_UTILIZATION = 0.9;
const SAMPLE_INTERVAL_MS = 250;

export interface WebLoad {
  saturated(): boolean;
  /** Requests received and not yet answered (or abandoned). */
  inFlight(): number;
}

/** Counts the app's requests in flight and samples its event loop's utilisation; stops with the app. */
export function trackWebLoad(app: FastifyInstance): WebLoad {
  let inFlight = 0;
  let utilization = 0;
  let last: EventLoopUtilization = performance.eventLoopUtilization();
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    utilization = performance.eventLoopUtilization(now, last).utilization;
    last = now;
  }, SAMPLE_INTERVAL_MS);
  timer.unref();
  app.addHook('onRequest', async (_request, reply) => {
    inFlight += 1;
    // 'close' comes once whatever ends the exchange: the answer sent, or the client gone first.
    reply.raw.once('close', () => {
      inFlight -= 1;
    });
  });
  app.addHook('onClose', async () => clearInterval(timer));
  return { saturated: () => isSaturated({ inFlight, utilization }), inFlight: () => inFlight };
}
