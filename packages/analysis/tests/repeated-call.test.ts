import type { TSESTree } from '@typescript-eslint/utils';
import { describe, expect, it } from 'vitest';
import type { Node } from '../src/ast.js';
import { walk } from '../src/ast.js';
import { repeatedCall, repeatedCallSite, repeatedCallSites } from '../src/repeats/repeated-call.js';
import { parse } from './program.js';

const isTry = (n: Node): n is TSESTree.TryStatement => n.type === 'TryStatement';

/** What the first `try` of the program repeats: the operation's text, the copies' lines, the attempts. */
function repeatOf(code: string) {
  const { ctx, find } = parse(code);
  const repeat = repeatedCall(find(isTry), ctx);
  if (!repeat) return undefined;
  const text = (n: Node) => ctx.sourceCode.text.slice(n.range[0], n.range[1]);
  const site = repeatedCallSite(repeat, ctx);
  return {
    operation: text(repeat.operation),
    copies: [repeat.again, ...repeat.later.map((l) => l.again)].map((c) => c.loc.start.line),
    attempts: repeat.attempts,
    delay: site.policy.delay,
    afterStateChange: site.afterStateChange ?? false,
    classifiesErrors: site.classifiesErrors,
  };
}

describe('an operation called again on its failure path', () => {
  it('a returned call and its returned copy after a sleep: two attempts, the sleep the wait', () => {
    const code = `
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function get(api: { get(p: string): Promise<string> }) {
  try {
    return await api.get('/a');
  } catch {
    await pause(750);
    return await api.get('/a');
  }
}`;
    expect(repeatOf(code)).toEqual({ operation: 'api.get(\'/a\')', copies: [8], attempts: 2, delay: { kind: 'constant', baseMs: 750 }, afterStateChange: false, classifiesErrors: false });
  });

  it('a chain through nested catches counts every copy', () => {
    const code = `
export function read(load: () => string) {
  let v: string;
  try {
    v = load();
  } catch {
    try {
      v = load();
    } catch {
      try {
        v = load();
      } catch {
        v = load();
      }
    }
  }
  return v;
}`;
    expect(repeatOf(code)).toMatchObject({ operation: 'load()', copies: [8, 11, 13], attempts: 4, delay: { kind: 'none' } });
  });

  it('chained copies with different waits: the wait is not one value', () => {
    const code = `
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function send(post: () => Promise<void>) {
  try {
    await post();
  } catch {
    await pause(100);
    try {
      await post();
    } catch {
      await pause(900);
      await post();
    }
  }
}`;
    expect(repeatOf(code)).toMatchObject({ attempts: 3, delay: { kind: 'unknown' } });
  });

  it('an awaited repair on the way: one more request of another kind, its time no chosen wait', () => {
    const code = `
export async function auth(p: { reset(): Promise<void> }, run: () => Promise<number>) {
  try {
    return await run();
  } catch (e) {
    if (!(e instanceof TypeError)) throw e;
    await p.reset();
    return await run();
  }
}`;
    expect(repeatOf(code)).toMatchObject({ attempts: 2, delay: { kind: 'unknown' }, afterStateChange: true, classifiesErrors: true });
  });

  it('a result kept in a variable and returned counts as returned', () => {
    const code = `
export async function once(task: () => Promise<number>) {
  try {
    const n = await task();
    return n;
  } catch {
    return await task();
  }
}`;
    expect(repeatOf(code)).toMatchObject({ operation: 'task()', copies: [7], attempts: 2 });
  });

  it('not a repeat: the copy goes somewhere else than the first call', () => {
    const code = `
export async function f(task: () => Promise<number>, log: (n: number) => void) {
  try {
    return await task();
  } catch {
    log(await task());
  }
}`;
    expect(repeatOf(code)).toBeUndefined();
  });

  it('not a repeat: a variable the arguments read is written on the way', () => {
    const code = `
export async function f(get: (k: string) => Promise<number>) {
  let key = 'a';
  try {
    return await get(key);
  } catch {
    key = 'b';
    return await get(key);
  }
}`;
    expect(repeatOf(code)).toBeUndefined();
  });

  it('not a repeat: the same call later in the try than its opening statement, made again as cleanup', () => {
    const code = `
export async function f(work: () => Promise<void>, done: () => void) {
  try {
    await work();
    done();
  } catch (e) {
    done();
    throw e;
  }
}`;
    expect(repeatOf(code)).toBeUndefined();
  });

  it('a try holding more than 64 tries is not read (a deep nest costs its size, not its depth times its size)', () => {
    let code = 'export async function f(op: (n: number) => Promise<void>) {\n';
    for (let i = 0; i < 100; i++) code += 'try {\nawait op(1);\n} catch {\n';
    code += 'await op(1);\n';
    for (let i = 0; i < 100; i++) code += '}\n';
    code += '}\n';
    const { ctx } = parse(code);
    const tries: TSESTree.TryStatement[] = [];
    walk(ctx.sourceCode.ast as Node, ctx.keys, (n) => void (isTry(n) && tries.push(n)));
    const sites = repeatedCallSites(tries, [], ctx);
    const read = new Set(sites.map((site) => site.node));
    // The outer 35 hold 65 or more tries each; the inner ones are read, in chains of at most 10 attempts.
    expect(tries.slice(0, 35).some((t) => read.has(t))).toBe(false);
    expect(sites.length).toBeGreaterThan(0);
    expect(sites.every((site) => site.policy.maxAttempts === 10 || tries.indexOf(site.node as TSESTree.TryStatement) >= 90)).toBe(true);
  });
});
