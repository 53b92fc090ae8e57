import { buildCoverage, type CandidateSource, type Coverage } from './candidate-source.js';
import type { ReferencePoint } from './reference-point.js';
import { ZipBlock } from './zip-block.js';

/** A candidate source held in memory: engine tests, benchmarks, and the store's cached blocks. */
export class MemorySource implements CandidateSource {
  private readonly points = new Map<string, ReferencePoint[]>();
  private blocks = new Map<string, ZipBlock>();
  private cached: Coverage | undefined;

  add(...points: ReferencePoint[]): this {
    for (const p of points) {
      const list = this.points.get(p.zip) ?? [];
      list.push(p);
      this.points.set(p.zip, list);
      this.blocks.delete(p.zip);
    }
    this.cached = undefined;
    return this;
  }

  coverage(): Coverage {
    if (this.cached) return this.cached;
    const rows = [...this.points.values()].flatMap((list) =>
      list.map(({ zip, state, city }) => ({ zip, state, city })),
    );
    this.cached = buildCoverage(rows);
    return this.cached;
  }

  zipsWithStreet(state: string, name: string): string[] {
    const zips: string[] = [];
    for (const [zip, list] of this.points)
      if (list.some((p) => p.state === state && p.street.name === name)) zips.push(zip);
    return zips;
  }

  block(zip: string): ZipBlock | undefined {
    let block = this.blocks.get(zip);
    if (!block) {
      const list = this.points.get(zip);
      if (!list) return undefined;
      block = new ZipBlock(zip, list);
      this.blocks.set(zip, block);
    }
    return block;
  }
}
