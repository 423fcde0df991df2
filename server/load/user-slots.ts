import type { FastifyReply } from 'fastify';
import { HttpError } from '../errors.js';

/** Seconds a client is asked to wait when it already runs as much as it may at once. */
const BUSY_RETRY_AFTER_SECONDS = 2;

/**
 * At most `limit` requests at once per user. A slot is taken before the work starts and given back when the response is
 * over, however it ends (sent, failed, or the client went away): it follows the response's raw `close`, which Node
 * emits once in every case, so no slot outlives its connection.
 */
export class UserSlots {
  private readonly inUse = new Map<number, number>();

  constructor(
    readonly limit: number,
    private readonly busyDetail: string,
  ) {}

  /** Takes a slot for `userId` until `reply` closes, or throws 429 with Retry-After when all of its slots are taken. */
  take(userId: number, reply: FastifyReply): void {
    const used = this.inUse.get(userId) ?? 0;
    if (used >= this.limit) {
      throw new HttpError(429, this.busyDetail, undefined, { 'retry-after': String(BUSY_RETRY_AFTER_SECONDS) });
    }
    this.inUse.set(userId, used + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const left = (this.inUse.get(userId) ?? 1) - 1;
      if (left > 0) this.inUse.set(userId, left);
      else this.inUse.delete(userId);
    };
    whenResponseCloses(reply, release);
  }
}

/**
 * Runs `callback` once the response is over, however it ends (sent, failed, or the client went away), or now when it
 * already is: a listener added after the socket closed would never be called.
 */
export function whenResponseCloses(reply: FastifyReply, callback: () => void): void {
  if (reply.raw.writableFinished || reply.raw.destroyed || reply.raw.socket?.destroyed) callback();
  else reply.raw.once('close', callback);
}
