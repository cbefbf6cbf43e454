// At most maxConcurrent GraphQL executions at once in this process; the next maxQueued wait their turn in
// arrival order, and past that a request is answered 503 with Retry-After at once. Without the bound a read flood
// keeps every request in flight and the REST routes (/api/v1/config, /api/v1/health) wait behind all of them.
import { ApiError } from '../http/errors.js';
import type { GraphqlQueueLimits } from '../security/config.js';

export class ServerBusyError extends ApiError {
  override name = 'ServerBusyError';
  constructor(retryAfterSeconds: number) {
    super(503, 'server_busy', `The server is busy. Try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}.`, {
      'Retry-After': String(retryAfterSeconds),
    });
  }
}

export interface ExecutionQueue {
  /** Runs `work` when a slot is free; throws ServerBusyError when the queue is full. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Executions running now and requests waiting (for tests and the benchmark). */
  readonly running: number;
  readonly queued: number;
}

export function createExecutionQueue({ maxConcurrent, maxQueued, retryAfterSeconds }: GraphqlQueueLimits): ExecutionQueue {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    // The slot passes straight to the next in line, so `running` stays as it is.
    if (next) next();
    else running -= 1;
  };
  return {
    async run(work) {
      if (running >= maxConcurrent) {
        if (waiting.length >= maxQueued) throw new ServerBusyError(retryAfterSeconds);
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        running += 1;
      }
      try {
        // A macrotask turn first: with PGlite every query settles as a microtask, so back-to-back executions would
        // otherwise keep the event loop from reading the next request (a health check) until the queue is empty.
        await new Promise<void>((resolve) => setImmediate(resolve));
        return await work();
      } finally {
        release();
      }
    },
    get running() {
      return running;
    },
    get queued() {
      return waiting.length;
    },
  };
}
