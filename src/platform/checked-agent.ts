import type { Agent } from 'undici';
import { checkedLookup } from './checked-lookup.js';

type Undici = typeof import('undici');
let undici: Promise<Undici> | undefined;
const agents = new Map<string, Agent>();

/**
 * undici, loaded on the first outgoing request: its 134 modules cost a process ~0.2 s of CPU
 * at start, and an API that fetches nothing (or the CLI) never needs them.
 */
export const loadUndici = (): Promise<Undici> => {
  undici ??= import('undici');
  return undici;
};

/**
 * The agent of one policy (`allowPrivate`) and keep-alive, made once: pooled connections never
 * cross from the permissive policy to the strict one, and the DNS hook (checkedLookup) refuses
 * private addresses on the very address dialled.
 */
export async function checkedAgent(allowPrivate: boolean, keepAliveTimeout: number): Promise<Agent> {
  const key = `${allowPrivate} ${keepAliveTimeout}`;
  let agent = agents.get(key);
  if (!agent) {
    const { Agent } = await loadUndici();
    agent =
      agents.get(key) ?? new Agent({ connect: { lookup: checkedLookup(allowPrivate) }, keepAliveTimeout });
    agents.set(key, agent);
  }
  return agent;
}
