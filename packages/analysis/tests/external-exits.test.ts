import { parseForESLint } from '@typescript-eslint/parser';
import { SourceCode } from 'eslint';
import { describe, expect, it } from 'vitest';
import { enclosingFunction, type Node } from '../src/ast.js';
import { AnalysisContext, type SourceCodeLike } from '../src/context.js';
import type { Env } from '../src/evaluate.js';
import { clearedElsewhere, externalStop, stopsOnTheWay } from '../src/exits/external.js';

// Unit tests of exits/external.ts on small programs: which tests and timers let something
// outside the failure cycle end it. Each program marks the node asked about with a comment-free
// convention: the first `if` inside the function named `attempt` (or the first setTimeout there).

function read(code: string): { ctx: AnalysisContext; nodes: Node[] } {
  const parsed = parseForESLint(code, { range: true, loc: true, tokens: true, comment: true, ecmaVersion: 2022, sourceType: 'module', jsx: true });
  const sourceCode = new SourceCode({ text: code, ast: parsed.ast as never, scopeManager: parsed.scopeManager as never, visitorKeys: parsed.visitorKeys as never, parserServices: parsed.services as never });
  const ctx = new AnalysisContext(sourceCode as unknown as SourceCodeLike);
  const nodes: Node[] = [];
  // (ESLint sets `parent` as it traverses; here the tree is linked by hand.)
  const link = (node: Node): void => {
    nodes.push(node);
    for (const key of ctx.keys[node.type] ?? []) {
      const value = (node as unknown as Record<string, unknown>)[key];
      for (const child of Array.isArray(value) ? value : [value]) {
        if (child && typeof child === 'object' && 'type' in child) {
          (child as { parent?: Node }).parent = node;
          link(child as Node);
        }
      }
    }
  };
  link(parsed.ast as unknown as Node);
  return { ctx, nodes };
}

function attempt(nodes: Node[]) {
  const fn = nodes.find((n) => (n.type === 'MethodDefinition' && n.key.type === 'Identifier' && n.key.name === 'attempt') || (n.type === 'FunctionDeclaration' && n.id?.name === 'attempt') || (n.type === 'VariableDeclarator' && n.id.type === 'Identifier' && n.id.name === 'attempt'));
  if (!fn) throw new Error('no attempt');
  const value = fn.type === 'MethodDefinition' ? fn.value : fn.type === 'VariableDeclarator' ? fn.init : fn;
  return value as Extract<Node, { type: 'FunctionDeclaration' | 'FunctionExpression' | 'ArrowFunctionExpression' }>;
}

function firstIfTest(code: string): boolean {
  const { ctx, nodes } = read(code);
  const fn = attempt(nodes);
  const branch = nodes.find((n) => n.type === 'IfStatement' && enclosingFunction(n) !== undefined && fn.range[0] <= n.range[0] && n.range[1] <= fn.range[1]);
  if (branch?.type !== 'IfStatement') throw new Error('no if');
  const env: Env = { ctx, region: fn.body, counters: new Set(), depth: 0 };
  return externalStop({ test: branch.test, stopsWhen: true, cycle: fn.body, env, isFailure: (id) => id.name === 'err' });
}

describe('externalStop: a flag another function writes', () => {
  const owner = (close: string, head = '') => `
class Feed {
  closed = false;
  attempt() {${head}
    if (this.closed) return;
    setTimeout(() => this.attempt(), 1000);
  }
  close() { ${close} }
}`;
  it('a close() that sets the flag stops the cycle', () => expect(firstIfTest(owner('this.closed = true;'))).toBe(true));
  it('a value that is not a literal may stop it', () => expect(firstIfTest(owner('this.closed = Date.now() > 0;'))).toBe(true));
  it('a close() that only writes the value that goes on does not', () => expect(firstIfTest(owner('this.closed = false;'))).toBe(false));
  it('nothing writing the flag but its initialiser does not', () => expect(firstIfTest(owner('return;'))).toBe(false));
  it('a flag the attempt resets before it looks does not', () => expect(firstIfTest(owner('this.closed = true;', '\n    this.closed = false;'))).toBe(false));
  it('a write in the constructor is a starting value', () => {
    expect(firstIfTest(`class Feed { closed: boolean; constructor() { this.closed = true; } attempt() { if (this.closed) return; setTimeout(() => this.attempt(), 5); } }`)).toBe(false);
  });
  it('a write by a function the attempt calls is part of the cycle', () => {
    expect(firstIfTest(`class Feed { closed = false; attempt() { if (this.closed) return; this.mark(); setTimeout(() => this.attempt(), 5); } mark() { this.closed = true; } }`)).toBe(false);
  });
  it('a state compared with a named constant another method writes', () => {
    expect(firstIfTest(`const DONE = 3; class Feed { state = 0; attempt() { if (this.state === DONE) return; setTimeout(() => this.attempt(), 5); } stop() { this.state = DONE; } }`)).toBe(true);
    expect(firstIfTest(`const DONE = 3; class Feed { state = 0; attempt() { if (this.state === DONE) return; setTimeout(() => this.attempt(), 5); } stop() { this.state = 1; } }`)).toBe(false);
  });
  it('a local an effect cleanup sets, read by the attempt', () => {
    const effect = (cleanup: string) => `function use(url) {
  let cancelled = false;
  const attempt = () => { if (cancelled) return; setTimeout(attempt, 1000); };
  attempt();
  return () => { ${cleanup} };
}`;
    expect(firstIfTest(effect('cancelled = true;'))).toBe(true);
    expect(firstIfTest(effect('console.log(url);'))).toBe(false);
  });
});

describe('externalStop: a predicate of the failure', () => {
  const withPredicate = (decl: string) => `${decl}
async function attempt(send) {
  try { return await send(); } catch (err) { if (!isRetryable(err)) throw err; }
}`;
  // Sorting failures is not counting them: a readable predicate that tests the error's code lets the retryable kind through for ever.
  it('a readable predicate that sorts the error is not an exit', () => expect(firstIfTest(withPredicate('function isRetryable(e) { return e.code === "ECONNRESET"; }'))).toBe(false));
  it('an imported predicate (not read)', () => expect(firstIfTest(withPredicate('import { isRetryable } from "./errors";'))).toBe(true));
  it('a predicate that always answers the same does not', () => expect(firstIfTest(withPredicate('function isRetryable(e) { return true; }'))).toBe(false));
  it('a property of the failure compared with a literal is not an exit', () => {
    expect(firstIfTest(`async function attempt(send) { try { return await send(); } catch (err) { if (err.code !== 'EAGAIN') throw err; } }`)).toBe(false);
  });
  // Not a predicate of the failure, but its answer comes from code not read here and decides whether to give up.
  it('a call not handed the failure whose code is not read is an exit of unknown count', () => {
    expect(firstIfTest(`async function attempt(send, log) { try { return await send(); } catch (err) { if (log()) throw err; } }`)).toBe(true);
  });
  it('a call of this file not handed the failure is read, not an exit', () => {
    expect(firstIfTest(`function quiet() { return false; }\nasync function attempt(send) { try { return await send(); } catch (err) { if (quiet()) throw err; } }`)).toBe(false);
  });
});

describe('clearedElsewhere and stopsOnTheWay: a timer handle cleared by another function', () => {
  const timer = (dispose: string) => `
class Link {
  timer;
  attempt() {
    fetch('/x').catch(() => { this.timer = setTimeout(() => this.attempt(), 2000); });
  }
  dispose() { ${dispose} }
}`;
  const ask = (code: string) => {
    const { ctx, nodes } = read(code);
    const fn = attempt(nodes);
    const schedule = nodes.find((n) => n.type === 'CallExpression' && n.callee.type === 'Identifier' && n.callee.name === 'setTimeout');
    const call = nodes.find((n) => n.type === 'CallExpression' && n.callee.type === 'MemberExpression' && n.callee.property.type === 'Identifier' && n.callee.property.name === 'attempt');
    const env: Env = { ctx, region: fn.body, counters: new Set(), depth: 0 };
    return { cleared: clearedElsewhere(schedule as Node, fn.body, env), onTheWay: stopsOnTheWay(call as Node, fn, env, () => false, () => false) };
  };
  it('clearTimeout of the stored handle in dispose()', () => expect(ask(timer('clearTimeout(this.timer);'))).toEqual({ cleared: true, onTheWay: true }));
  it('no clearTimeout anywhere', () => expect(ask(timer('return;'))).toEqual({ cleared: false, onTheWay: false }));
  it('clearTimeout of another handle', () => expect(ask(timer('clearTimeout(this.other);'))).toEqual({ cleared: false, onTheWay: false }));
});
