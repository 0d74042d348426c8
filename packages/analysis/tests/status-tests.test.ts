import type { TSESTree } from '@typescript-eslint/utils';
import { describe, expect, it } from 'vitest';
import { propertyName, unwrap, type Node } from '../src/ast.js';
import { indexMembership, statusPolarity, statusTestOutcome } from '../src/outcomes/status-tests.js';
import { all, parse } from './parse.js';

/** What the last `if` of `code` says of the status `res.status` / the response `res`. */
function outcome(code: string): string | undefined {
  const { ctx, ast } = parse(code);
  const test = all(ctx, 'IfStatement').pop()?.test;
  const call = test && unwrap(test.type === 'UnaryExpression' ? test.argument : test);
  if (call?.type !== 'CallExpression') throw new Error('no call tested');
  const isRes = (n: Node) => unwrap(n).type === 'Identifier' && (unwrap(n) as TSESTree.Identifier).name === 'res';
  return statusTestOutcome(call, { ctx, region: ast, counters: new Set(), depth: 0 }, {
    status: (n) => unwrap(n).type === 'MemberExpression' && propertyName(unwrap(n) as TSESTree.MemberExpression) === 'status' && isRes((unwrap(n) as TSESTree.MemberExpression).object),
    result: isRes,
  });
}

describe('statusPolarity', () => {
  it.each([
    ['>=', 500, 'failure'],
    ['>', 399, 'failure'],
    ['<', 400, 'success'],
    ['===', 503, 'failure'],
    ['===', 200, 'success'],
    ['!==', 200, 'failure'],
    ['!==', 503, 'success'],
    ['!==', 429, 'success'],
    ['!==', 302, undefined],
    ['>=', 200, undefined],
  ] as const)('status %s %d says %s', (op, code, polarity) => {
    expect(statusPolarity(op, code)).toBe(polarity);
  });
});

describe('statusTestOutcome: membership and predicates, read from the codes', () => {
  it.each([
    ['an array of failure codes', `const L = [502, 503]; if (L.includes(res.status)) {}`, 'failure'],
    ['a Set of failure codes', `const S = new Set([429, 500]); if (S.has(res.status)) {}`, 'failure'],
    ['an array of success codes', `const OK = [200, 204]; if (OK.includes(res.status)) {}`, 'success'],
    ['a predicate comparing its parameter', `function busy(c) { return c >= 500 || c === 429; } if (busy(res.status)) {}`, 'failure'],
    ['a predicate handed the response', `function fine(r) { return r.status < 300; } if (fine(res)) {}`, 'success'],
    ['a predicate calling a list membership', `const L = [503]; function again(c) { return L.includes(c); } if (again(res.status)) {}`, 'failure'],
    ['a negated predicate', `const bad = (c) => !(c < 400); if (bad(res.status)) {}`, 'failure'],
    ["a predicate returning the response's ok", `function good(r) { return r.ok; } if (!good(res)) {}`, 'success'],
    ['a predicate of early returns, the others saying nothing', `function f(c) { if (c === 1) return true; return c >= 500; } if (f(res.status)) {}`, 'failure'],
    ['early returns of false, then true', `const L = [503]; function again(c, n) { if (n >= 3) { return false; } if (!L.includes(c)) return false; return true; } if (again(res.status, 1)) {}`, 'failure'],
  ])('%s', (_, code, polarity) => {
    expect(outcome(code)).toBe(polarity);
  });

  it.each([
    ['a list of states', `const DONE = ['done', 'failed']; if (DONE.includes(res.status)) {}`],
    ['a list mixing success and failure', `const L = [200, 503]; if (L.includes(res.status)) {}`],
    ['a list that may change', `let L = [503]; if (L.includes(res.status)) {}`],
    ['a predicate whose parameter is not what it compares', `const LIMIT = 500; function over(c) { return LIMIT >= 500; } if (over(res.status)) {}`],
    ['a predicate of something else than the status', `function big(n) { return n >= 500; } if (big(res.size)) {}`],
    ['a predicate whose early and last returns disagree', `function f(c) { if (c >= 500) return true; return c === 200; } if (f(res.status)) {}`],
    ['a predicate whose early return is not a boolean', `function f(c) { if (c >= 500) return c; return false; } if (f(res.status)) {}`],
    ['an unknown function', `import { isTransient } from 'somewhere'; if (isTransient(res.status)) {}`],
  ])('decides nothing: %s', (_, code) => {
    expect(outcome(code)).toBeUndefined();
  });
});

describe('indexMembership: indexOf compared with -1 or 0', () => {
  it.each([
    ['!== -1 of failure codes', `const L = [502, 503]; if (L.indexOf(res.status) !== -1) {}`, 'failure'],
    ['>= 0 of failure codes', `const L = [502, 503]; if (L.indexOf(res.status) >= 0) {}`, 'failure'],
    ['=== -1 of failure codes', `const L = [502, 503]; if (L.indexOf(res.status) === -1) {}`, 'success'],
    ['< 0 of success codes', `const L = [200]; if (L.indexOf(res.status) < 0) {}`, 'failure'],
    ['compared with something else', `const L = [502]; if (L.indexOf(res.status) === 1) {}`, undefined],
  ])('%s', (_, code, polarity) => {
    const { ctx, ast } = parse(code);
    const test = all(ctx, 'IfStatement').pop()?.test;
    if (test?.type !== 'BinaryExpression') throw new Error('no comparison');
    const isRes = (n: Node) => unwrap(n).type === 'Identifier' && (unwrap(n) as TSESTree.Identifier).name === 'res';
    const status = (n: Node) => unwrap(n).type === 'MemberExpression' && isRes((unwrap(n) as TSESTree.MemberExpression).object);
    expect(indexMembership(test, { ctx, region: ast, counters: new Set(), depth: 0 }, { status, result: isRes })).toBe(polarity);
  });
});
