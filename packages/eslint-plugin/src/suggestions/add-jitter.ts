import type { RetrySite } from '@retry-hygiene/analysis';
import { jittered, within } from './text.js';
import type { SourceCode, Suggestion } from './types.js';

/**
 * "Add full jitter": the wait `d` of a loop or a self-retrying function becomes
 * `Math.random() * d`, a random wait in [0, d) — AWS's full jitter, no new dependency.
 * Only where the wait is written inside the site itself: a helper shared with other code
 * (`const pause = () => sleep(200)`) would change for its other callers too.
 */
export function addJitter(site: RetrySite, sourceCode: SourceCode): Suggestion | undefined {
  const delay = site.delayExpression;
  if (site.kind === 'library' || !delay || !within(delay, site.node)) return undefined;
  // A wait of 0 (`sleep(header ? n * 1000 : 0)` read without the header) stays 0 whatever it is scaled by.
  if (site.policy.delay.kind === 'none') return undefined;
  const text = sourceCode.getText(delay).replace(/\s+/g, ' ');
  return {
    messageId: 'addJitter',
    data: { delay: `\`${text.length > 40 ? `${text.slice(0, 39)}…` : text}\`` },
    fix: (fixer) => fixer.replaceText(delay, jittered(delay, sourceCode)),
  };
}
