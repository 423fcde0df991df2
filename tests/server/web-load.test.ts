import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { isSaturated, trackWebLoad } from '../../server/load/web-load.js';

describe('web load', () => {
  it('counts a process saturated only while requests wait on it and its event loop has no idle time to speak of', () => {
    expect(isSaturated({ inFlight: 40, utilization: 0.97 })).toBe(true);
    expect(isSaturated({ inFlight: 1, utilization: 0.9 })).toBe(true);
    // Busy with its own background work and nobody waiting: not saturated (the drain must not hold itself back).
    expect(isSaturated({ inFlight: 0, utilization: 1 })).toBe(false);
    // Requests in flight, waiting on the database, the loop mostly idle: not saturated.
    expect(isSaturated({ inFlight: 50, utilization: 0.6 })).toBe(false);
  });

  it('counts requests in flight until each is answered or abandoned', async () => {
    const app = Fastify();
    const load = trackWebLoad(app);
    const release: (() => void)[] = [];
    app.get('/slow', () => new Promise<string>((resolve) => release.push(() => resolve('ok'))));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    try {
      const answers = [fetch(`http://127.0.0.1:${port}/slow`), fetch(`http://127.0.0.1:${port}/slow`)];
      const abandoned = new AbortController();
      const gone = fetch(`http://127.0.0.1:${port}/slow`, { signal: abandoned.signal }).catch(() => 'aborted');
      await expect.poll(() => load.inFlight()).toBe(3);
      abandoned.abort();
      await gone;
      await expect.poll(() => load.inFlight()).toBe(2);
      for (const answer of release.splice(0)) answer();
      await Promise.all(answers);
      await expect.poll(() => load.inFlight()).toBe(0);
    } finally {
      for (const answer of release) answer();
      await app.close();
    }
  });
});
