import type { RetryPolicy, RetrySite } from '../types.js';

/**
 * Several ways back in, each with its own fixed wait and the bound of its own branch
 * (`if (n < 10) setTimeout(connect, 1000); else if (n < 20) setTimeout(connect, 2000); else
 * setTimeout(connect, 60000)`): one retry whose wait steps up as the count passes each branch's
 * bound, and which gives up only where the last branch does. Read from the sites of each way
 * back (their waits and bounds), never from their order in the code.
 */
export function tieredPolicy(sites: readonly RetrySite[], together: RetryPolicy['maxAttempts']): RetryPolicy | undefined {
  if (sites.length < 2) return undefined;
  const tiers: { waitMs: number; attempts: RetryPolicy['maxAttempts'] }[] = [];
  for (const site of sites) {
    const { delay, jitter, maxAttempts, deadlineMs } = site.policy;
    if (delay.kind !== 'constant' || delay.baseMs === undefined || jitter !== 'none' || deadlineMs !== undefined) return undefined;
    tiers.push({ waitMs: delay.baseMs, attempts: maxAttempts });
  }
  // The branches that give up at a count first, by that count; at most one goes on without.
  tiers.sort((a, b) => rank(a.attempts) - rank(b.attempts));
  const open = tiers.filter((t) => typeof t.attempts !== 'number');
  if (open.length > 1) return undefined;
  const counted = tiers.filter((t) => typeof t.attempts === 'number') as { waitMs: number; attempts: number }[];
  // Two branches bounded by the same count are not tiers of one counter; a count in the thousands is no schedule to list.
  if (counted.some((t, i) => i > 0 && t.attempts <= (counted[i - 1] as { attempts: number }).attempts)) return undefined;
  if (counted.some((t) => t.attempts > MAX_STEPS)) return undefined;
  // All of them together go round as long as the last branch does (the bound of the whole: `together`).
  const last = tiers[tiers.length - 1] as (typeof tiers)[number];
  // (A last branch whose own bound reads as unknown may still be bounded by nothing: the whole says.)
  if (together !== last.attempts && !(last.attempts === 'unknown' && typeof together !== 'number')) return undefined;
  if (tiers.every((t) => t.waitMs === last.waitMs)) return { ...(sites[0] as RetrySite).policy, maxAttempts: together };
  const steps: number[] = [];
  let made = 1;
  for (const tier of counted) {
    for (; made < tier.attempts; made++) steps.push(tier.waitMs);
  }
  // The branch with no bound waits its own time from there on (the last step repeats).
  if (open[0]) steps.push(open[0].waitMs);
  return { maxAttempts: together, delay: { kind: 'linear', stepsMs: steps }, jitter: 'none' };
}

/** The longest schedule written out step by step. */
const MAX_STEPS = 1000;

function rank(attempts: RetryPolicy['maxAttempts']): number {
  return typeof attempts === 'number' ? attempts : Number.POSITIVE_INFINITY;
}
