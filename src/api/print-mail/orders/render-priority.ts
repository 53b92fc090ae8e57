/**
 * Per-organization fairness in the render queue. pg-boss (10.x here; `group` came later) takes
 * jobs by priority, then by age, and has no grouping: one organization's campaign of 10,000
 * letters, queued first, would make every other organization's letter wait behind all of it.
 * So a render job's priority falls with how many render jobs its organization has queued
 * lately: the first FAIR_SHARE get priority 0, the next FAIR_SHARE -1, and so on (down to
 * -MAX_TIERS). A letter from an organization that sends little is always priority 0 and goes
 * before a bulk sender's backlog past its first FAIR_SHARE; two bulk senders interleave tier by
 * tier. Nothing is refused or dropped: a lower priority only means later while others wait.
 *
 * "Lately" is a count that halves every HALF_LIFE_MS, kept per process: each API server (and
 * each worker running campaigns) judges what it queues, which is what keeps one organization
 * from filling the queue ahead of others. See docs/decisions.md, "Render fairness".
 */
export interface RenderFairness {
  /** Render jobs an organization may queue lately before others' go first. */
  fairShare: number;
  /** How far its priority may fall: -maxTiers. */
  maxTiers: number;
  /** How fast "lately" forgets. */
  halfLifeMs: number;
}

export const RENDER_FAIRNESS: Readonly<RenderFairness> = Object.freeze({
  fairShare: 100,
  maxTiers: 100,
  halfLifeMs: 60_000,
});

interface Recent {
  count: number;
  at: number;
}

export class RenderPriority {
  readonly #recent = new Map<string, Recent>();
  readonly #options: RenderFairness;

  constructor(options: Partial<RenderFairness> = {}) {
    this.#options = { ...RENDER_FAIRNESS, ...options };
  }

  /** The priority of the next render job of `orgId`, counting it. */
  next(orgId: string, nowMs: number): number {
    const { fairShare, maxTiers } = this.#options;
    const recent = this.#decayed(this.#recent.get(orgId), nowMs);
    const tier = Math.min(maxTiers, Math.floor(recent / fairShare));
    this.#recent.set(orgId, { count: recent + 1, at: nowMs });
    if (this.#recent.size > 10_000) this.#forget(nowMs);
    return tier === 0 ? 0 : -tier; // not -0: pg-boss and tests compare it as 0
  }

  #decayed(entry: Recent | undefined, nowMs: number): number {
    if (!entry) return 0;
    return entry.count * 0.5 ** (Math.max(0, nowMs - entry.at) / this.#options.halfLifeMs);
  }

  /** Organizations whose count has decayed to nothing are forgotten. */
  #forget(nowMs: number): void {
    for (const [orgId, entry] of this.#recent)
      if (this.#decayed(entry, nowMs) < 1) this.#recent.delete(orgId);
  }
}

/** This process's judge of render fairness (order-service.ts asks it for every render job). */
export const renderPriority = new RenderPriority();
