import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import plugin from '../src/index.js';

/**
 * A function is read as a helper (its returns evaluated with the caller's arguments) only up to
 * 4 000 characters: longer, it is a procedure, and reading it at every test of a value it
 * assigns cost more than the rest of the file (undici's fetch). Its value is then unknown, so no
 * rule claims a fixed wait it cannot see.
 */
const linter = new Linter();

function lint(code: string): { rule: string; line: number; message: string }[] {
  return linter
    .verify(code, [...plugin.configs.recommended], { filename: 'file.mjs' })
    .map((m) => ({ rule: (m.ruleId ?? '').replace('retry-hygiene/', ''), line: m.line, message: m.message }));
}

/** A loop that waits what `delayFor` returns, `delayFor` padded with `steps` statements of 70 characters. */
function withHelper(steps: number): string {
  const padding = Array.from({ length: steps }, (_, i) => `  audit.note('step ${String(i).padStart(2, '0')} of the request pipeline, kept for the record');`);
  return `function delayFor(attempt) {
${padding.join('\n')}
  return 1000;
}
export async function load(url) {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return await fetch(url);
    } catch {
      await sleep(delayFor(attempt));
    }
  }
  throw new Error('failed');
}
`;
}

const FIXED =
  'This retry loop waits a fixed 1 s between attempts (up to 5 attempts), so clients that failed together retry in lockstep. Back off with jitter, e.g. retry() from @retry-hygiene/retry.';

describe('how long a function may be and still be read as a helper', () => {
  it('reads a helper of nearly 3 000 characters', () => {
    const code = withHelper(40);
    expect(code.indexOf('export') - code.indexOf('function')).toBeGreaterThan(2_800);
    expect(lint(code)).toEqual([{ rule: 'no-fixed-sleep-retry', line: 45, message: FIXED }]);
  });

  it('does not read one over 4 000 characters, and then claims no wait', () => {
    const code = withHelper(60);
    expect(code.indexOf('export') - code.indexOf('function')).toBeGreaterThan(4_000);
    expect(lint(code)).toEqual([]);
  });
});
