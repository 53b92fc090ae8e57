import { performance } from 'node:perf_hooks';

const BUCKET_MS = 250;
const BUCKETS = 4;

/** How busy an API is, in requests started about the last second. */
export interface LoadGauge {
  perSecond(): number;
}

/**
 * How busy this process's API is: requests started in about the last second. Background work
 * in the same process (renders, see platform/render-gate.ts) asks before it takes CPU that the
 * requests need. Four 250 ms buckets: constant memory and time whatever the rate.
 */
export class ForegroundLoad implements LoadGauge {
  readonly #counts = new Uint32Array(BUCKETS);
  #bucket = 0;
  readonly #now: () => number;

  constructor(now: () => number = () => performance.now()) {
    this.#now = now;
  }

  requestStarted(): void {
    this.#counts[this.#advance() % BUCKETS]++;
  }

  /** Requests started in the last 0.75–1 s. */
  perSecond(): number {
    this.#advance();
    let sum = 0;
    for (const n of this.#counts) sum += n;
    return sum;
  }

  /** Moves to the current bucket, emptying those that time has passed. */
  #advance(): number {
    const bucket = Math.floor(this.#now() / BUCKET_MS);
    for (let b = Math.max(this.#bucket + 1, bucket - BUCKETS + 1); b <= bucket; b++)
      this.#counts[b % BUCKETS] = 0;
    if (bucket > this.#bucket) this.#bucket = bucket;
    return this.#bucket;
  }
}
