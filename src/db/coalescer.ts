/**
 * Coalesces concurrent calls of one kind into few database statements. Under load the cost of
 * a short statement is its round trip (a socket write and a wake-up on each side) and, for a
 * write, its commit, not its work: calls that arrive while `maxInFlight` statements of their
 * key are already running wait for one to finish and then go together, so batches grow with
 * the load instead of staying at one event-loop turn's worth. A lone call on an idle server
 * goes at once (after the current turn, so the calls of that turn join it).
 *
 * `run` answers a batch's inputs in order; when it throws, every caller of the batch gets the error.
 */
export interface CoalescerOptions<I, O> {
  run: (key: string, inputs: I[]) => Promise<O[]>;
  maxInFlight: number;
  maxBatch: number;
  /**
   * When a batch of several fails, run each input again alone, so one bad input fails only its
   * own caller (writes, where an input can break its statement); a read fails alike for all.
   */
  aloneOnError?: boolean;
}

interface Waiting<I, O> {
  input: I;
  resolve: (out: O) => void;
  reject: (err: unknown) => void;
}

interface KeyQueue<I, O> {
  waiting: Waiting<I, O>[];
  inFlight: number;
  scheduled: boolean;
}

export class Coalescer<I, O> {
  private readonly queues = new Map<string, KeyQueue<I, O>>();

  constructor(private readonly options: CoalescerOptions<I, O>) {}

  submit(key: string, input: I): Promise<O> {
    return new Promise((resolve, reject) => {
      let queue = this.queues.get(key);
      if (!queue) {
        queue = { waiting: [], inFlight: 0, scheduled: false };
        this.queues.set(key, queue);
      }
      queue.waiting.push({ input, resolve, reject });
      this.schedule(key, queue);
    });
  }

  private schedule(key: string, queue: KeyQueue<I, O>): void {
    if (queue.scheduled || queue.inFlight >= this.options.maxInFlight) return;
    if (queue.waiting.length === 0) {
      // Idle keys are forgotten, so a key per organization does not grow without bound.
      if (queue.inFlight === 0) this.queues.delete(key);
      return;
    }
    queue.scheduled = true;
    setImmediate(() => {
      queue.scheduled = false;
      void this.flush(key, queue);
    });
  }

  private async flush(key: string, queue: KeyQueue<I, O>): Promise<void> {
    const batch = queue.waiting.splice(0, this.options.maxBatch);
    queue.inFlight++;
    this.schedule(key, queue); // more than a batch waiting, and room for another in flight
    try {
      await this.answer(key, batch);
    } finally {
      queue.inFlight--;
      this.schedule(key, queue);
    }
  }

  private async answer(key: string, batch: Waiting<I, O>[]): Promise<void> {
    try {
      const outs = await this.options.run(
        key,
        batch.map((w) => w.input),
      );
      for (const [i, w] of batch.entries()) w.resolve(outs[i]);
    } catch (err) {
      if (batch.length > 1 && this.options.aloneOnError)
        await Promise.all(batch.map((w) => this.answer(key, [w])));
      else for (const w of batch) w.reject(err);
    }
  }
}
