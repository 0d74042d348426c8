import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import plugin from '../src/index.js';

/**
 * Hostile inputs (generated code, an editor linting half-typed text): every rule must lint them
 * without throwing and still report what is there, at its line. No timing here: what these
 * cost is measured by `node test/bench/many-sites.mjs` (part of `npm run bench:lint`); a
 * regression to exponential or unbounded work shows up as a test timeout.
 */
const linter = new Linter();

interface Finding {
  rule: string;
  line: number;
  message: string;
}

/** Lints with the four rules of the recommended config; throws when a rule throws or the code does not parse. */
function lint(code: string, filename = 'file.mjs'): Finding[] {
  const messages = linter.verify(code, [...plugin.configs.recommended, ...plugin.configs.typescript], { filename });
  const fatal = messages.find((m) => m.fatal);
  if (fatal) throw new Error(`${fatal.line}:${fatal.column} ${fatal.message}`);
  return messages.map((m) => ({ rule: (m.ruleId ?? '').replace('retry-hygiene/', ''), line: m.line, message: m.message }));
}

const rulesAt = (findings: Finding[]) => findings.map((f) => `${f.rule}@${f.line}`).sort();

/** A retry loop whose catch block waits `delay`, with `before` in front of the function. */
function retryLoop(delay: string, { before = '', inCatch = '' } = {}): string {
  return `${before}
export async function load(url) {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return await fetch(url);
    } catch {${inCatch}
      await sleep(${delay});
    }
  }
  throw new Error('failed');
}
`;
}
/** Line of the `for` in retryLoop, after `before` (which ends the line it is on). */
const loopLine = (before: string) => before.split('\n').length + 2;

describe('many retry sites in one file', () => {
  const loop = (i: number) => `export async function load${i}(url) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await fetch(url);
    } catch {
      await sleep(DELAY);
    }
  }
  throw new Error('failed');
}
`;

  it('reports each of 2 000 fixed-sleep loops reading one shared constant, at its own line', () => {
    const n = 2000;
    // Line 1: the constant; each function is 10 lines, its loop on the function's second line.
    const code = `const DELAY = 1000;\n${Array.from({ length: n }, (_, i) => loop(i)).join('')}`;
    const findings = lint(code);
    expect(findings).toHaveLength(n);
    expect(findings.every((f) => f.rule === 'no-fixed-sleep-retry' && /fixed 1 s/.test(f.message))).toBe(true);
    expect(findings.map((f) => f.line)).toEqual(Array.from({ length: n }, (_, i) => 3 + 10 * i));
  });

  it('reports 1 000 retry loops in one function, each at its line', () => {
    const n = 1000;
    const body = Array.from(
      { length: n },
      (_, i) => `  for (let a${i} = 0; a${i} < 3; a${i}++) {
    try {
      return await fetch(url);
    } catch {
      await sleep(250);
    }
  }
`,
    ).join('');
    const findings = lint(`export async function load(url) {\n${body}}\n`);
    expect(findings.map((f) => `${f.rule}@${f.line}`)).toEqual(Array.from({ length: n }, (_, i) => `no-fixed-sleep-retry@${2 + 7 * i}`));
  });

  it('reports every nested p-retry among 2 000 `pRetry(() => pRetry(op))` calls, at its line', () => {
    const n = 2000;
    const code = `import pRetry from 'p-retry';\n${Array.from({ length: n }, (_, i) => `export const load${i} = () => pRetry(() => pRetry(op${i}, { retries: 2 }), { retries: 3 });`).join('\n')}\n`;
    const findings = lint(code);
    const nested = findings.filter((f) => f.rule === 'no-nested-retry');
    expect(nested.map((f) => f.line)).toEqual(Array.from({ length: n }, (_, i) => i + 2));
    expect(nested.every((f) => f.message.includes('4 × 3 = 12 calls'))).toBe(true);
    // Both calls of every line lack jitter: two require-jitter findings per line.
    expect(findings.filter((f) => f.rule === 'require-jitter')).toHaveLength(2 * n);
  });

  it('one retry loop around 10 000 awaited calls is one finding, at the loop', () => {
    const calls = Array.from({ length: 10_000 }, (_, i) => `      await step${i}(attempt);`).join('\n');
    const code = `export async function load() {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
${calls}
      return;
    } catch {
      await sleep(1000);
    }
  }
}
`;
    expect(rulesAt(lint(code))).toEqual(['no-fixed-sleep-retry@2']);
  });

  it('one retry loop with 2 000 try statements in its body is one finding, at the loop', () => {
    const tries = Array.from({ length: 2000 }, (_, i) => `    try { await step${i}(); } catch { log(${i}); }`).join('\n');
    const code = `export async function load() {
  for (let attempt = 0; attempt < 3; attempt++) {
${tries}
    try {
      return await fetch('/x');
    } catch {
      await sleep(1000);
    }
  }
}
`;
    expect(rulesAt(lint(code))).toEqual(['no-fixed-sleep-retry@2']);
  });
});

describe('a delay written many times in one attempt', () => {
  for (const k of [12, 16, 40]) {
    // The updates run one after the other in every attempt: the factor is their product, 2^k.
    it(`\`d = d * 2\` written ${k} times is an exponential backoff of factor 2^${k} without jitter`, () => {
      const code = `export async function load(url) {
  let d = 100;
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return await fetch(url);
    } catch {
${'      d = d * 2;\n'.repeat(k)}      await sleep(d);
    }
  }
  throw new Error('failed');
}
`;
      const findings = lint(code);
      expect(rulesAt(findings)).toEqual(['require-jitter@3']);
      expect(findings[0]?.message).toContain(`100 ms × ${2 ** k}^n`);
    });
  }

  it('a jittered update among 20 plain ones keeps its jitter', () => {
    const code = `export async function load(url) {
  let d = 100;
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return await fetch(url);
    } catch {
${'      d = d * 2;\n'.repeat(20)}      d = d * 2 + Math.random() * d;
      await sleep(d);
    }
  }
  throw new Error('failed');
}
`;
    expect(lint(code)).toEqual([]);
  });

  it('30 member writes of `this.delay` in one loop lint without throwing, findings only at the loop', () => {
    const code = `class Client {
  delay = 100;
  async load(url) {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        return await fetch(url);
      } catch {
${'        this.delay = this.delay * 2;\n'.repeat(30)}        await sleep(this.delay);
      }
    }
    throw new Error('failed');
  }
}
`;
    expect(lint(code).every((f) => f.line === 4)).toBe(true);
  });
});

describe('long member chains', () => {
  it('a 4 000-link member chain as the delay lints without throwing', () => {
    const code = retryLoop(`cfg${'.x'.repeat(4000)}`, { before: 'const cfg = { x: {} };' });
    const findings = lint(code);
    // Bounded at 5 attempts, not nested: only the wait (which cannot be resolved) can be reported.
    expect(findings.every((f) => f.line === loopLine('const cfg = { x: {} };') && f.rule !== 'no-unbounded-retry' && f.rule !== 'no-nested-retry')).toBe(true);
  });

  it('a 4 000-link chain through `this` lints without throwing', () => {
    const code = `class Client {
  cfg = { x: { x: 1 } };
  async load(url) {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        return await fetch(url);
      } catch {
        await sleep(this.cfg${'.x'.repeat(4000)});
      }
    }
  }
}
`;
    const findings = lint(code);
    expect(findings.every((f) => f.line === 4 && f.rule !== 'no-unbounded-retry')).toBe(true);
  });

  it('a 4 000-link chain as a retried call and as a sleep callee lints without throwing', () => {
    const chain = `api${'.x'.repeat(4000)}`;
    const code = `export async function load() {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return await ${chain}();
    } catch {
      await ${chain}.sleep(1000);
    }
  }
}
`;
    expect(() => lint(code)).not.toThrow();
  });

  it('a short chain into nested object literals still resolves the delay', () => {
    const before = 'const cfg = { retry: { backoff: { delayMs: 250 } } };';
    const findings = lint(retryLoop('cfg.retry.backoff.delayMs', { before }));
    expect(rulesAt(findings)).toEqual([`no-fixed-sleep-retry@${loopLine(before)}`]);
    expect(findings[0]?.message).toContain('250 ms');
  });

  it('a chain through 60 const bindings lints without throwing', () => {
    const before = `${Array.from({ length: 60 }, (_, i) => `const c${i} = { x: c${i + 1} };`).join('\n')}\nconst c60 = 5;`;
    expect(() => lint(retryLoop(`c0${'.x'.repeat(60)}`, { before }))).not.toThrow();
  });
});

describe('deep expressions and statements', () => {
  const cases: Record<string, { delay: string; before?: string; inCatch?: string }> = {
    'a sum of 3 000 terms as the delay': { delay: Array(3000).fill('1').join(' + ') },
    'an `||` chain of 3 000 operands as the delay': { delay: Array(3000).fill('d').join(' || '), before: 'let d = 1;' },
    '2 000 unary minus signs': { delay: `${'- '.repeat(2000)}1` },
    'a 300-deep parenthesised sum': { delay: `${'1 + ('.repeat(300)}1${')'.repeat(300)}` },
    'a 300-deep conditional': { delay: `${'c ? 1 : '.repeat(300)}2` },
    'a 300-deep Math.min nesting': { delay: `${'Math.min('.repeat(300)}1${', 2)'.repeat(300)}` },
    'a 300-deep nested spread as a delay table': { delay: 'D[attempt]', before: `const D = ${'[...'.repeat(300)}[1, 2]${']'.repeat(300)};` },
    'a 300-deep nested object literal read through its chain': { delay: `cfg${'.x'.repeat(300)}`, before: `const cfg = ${'{ x: '.repeat(300)}1${' }'.repeat(300)};` },
    '2 000 const bindings each naming the next': {
      delay: 'd0',
      before: `${Array.from({ length: 2000 }, (_, i) => `const d${i} = d${i + 1};`).join('\n')}\nconst d2000 = 5;`,
    },
    '2 000 helpers each calling the next': {
      delay: 'h0(attempt)',
      before: `${Array.from({ length: 2000 }, (_, i) => `function h${i}(n) { return h${i + 1}(n) * 2; }`).join('\n')}\nfunction h2000() { return 100; }`,
    },
    'a 2 000-link else-if chain in the catch block': { delay: '1000', inCatch: `\n      if (a) { throw e; } ${'else if (a) { throw e; } '.repeat(2000)}` },
    'a 1 000-link `.then` chain in the catch block': { delay: '1000', inCatch: `\n      x${'.then(() => 1)'.repeat(1000)};` },
  };
  for (const [name, shape] of Object.entries(cases)) {
    it(`${name}: lints without throwing, findings only at the loop`, () => {
      const before = shape.before ?? '';
      const findings = lint(retryLoop(shape.delay, { before, inCatch: shape.inCatch ?? '' }));
      expect(findings.every((f) => f.line === loopLine(before))).toBe(true);
    });
  }

  it('200 retry loops nested in one another lint without throwing, the innermost reported as nested', () => {
    const n = 200;
    const code = `export async function load(url) {
${'for (let a = 0; a < 3; a++) { try {\n'.repeat(n)}return await fetch(url);
${'} catch { await sleep(10); } }\n'.repeat(n)}}
`;
    const findings = lint(code);
    expect(findings.filter((f) => f.rule === 'no-fixed-sleep-retry')).toHaveLength(n);
    // Every loop but the innermost retries a loop that retries again.
    expect(findings.filter((f) => f.rule === 'no-nested-retry')).toHaveLength(n - 1);
  });
});
