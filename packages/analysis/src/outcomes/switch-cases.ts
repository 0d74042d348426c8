import type { TSESTree } from '@typescript-eslint/utils';
import { isAnyLoop, isFunction, walk, type Node } from '../ast.js';
import { outcomeCheck, type Polarity } from '../checks.js';
import type { Env } from '../evaluate.js';
import { nodesWithin } from '../source-order.js';
import { breaksOut } from '../scan.js';

/**
 * `switch (res.status) { case 200: case 201: return; case 503: await sleep(d); continue; … }`
 * asks what an `if` chain on the same value asks: each group of cases (those that fall through
 * to one body) is the test `res.status === 200 || res.status === 201`, read by the same
 * outcome analysis. A switch whose success group leaves the loop and whose failure group goes
 * round it is the loop's check, the failure group its failure path.
 */
export interface SwitchCheck {
  /** The failure group's test, as the `if` it stands for. */
  check: Node;
  /** The case whose body the failure group runs. */
  failurePath: Node;
}

export function switchCheck(loop: Node, env: Env): SwitchCheck | undefined {
  const body = (loop as { body?: Node }).body;
  if (!body) return undefined;
  // The file's switches, indexed once (most loops hold none); a walk only for another module's tree.
  const indexed = nodesWithin('SwitchStatement', body, env.ctx);
  const switches: TSESTree.SwitchStatement[] = [];
  if (indexed) switches.push(...(indexed as TSESTree.SwitchStatement[]));
  else {
    walk(body, env.ctx.keys, (node) => {
      if (node.type === 'SwitchStatement') switches.push(node);
      return undefined;
    });
  }
  for (const statement of switches) {
    if (!ownedBy(statement, body)) continue;
    const found = readSwitch(statement, loop, env);
    if (found) return found;
  }
  return undefined;
}

/** No function or inner loop between the switch and the body: a switch in one answers for that one (its `continue` is the inner loop's). */
function ownedBy(statement: Node, body: Node): boolean {
  for (let p = statement.parent; p && p !== body; p = p.parent) if (isFunction(p) || isAnyLoop(p)) return false;
  return true;
}

function readSwitch(statement: TSESTree.SwitchStatement, loop: Node, env: Env): SwitchCheck | undefined {
  let leavesOnSuccess = false;
  let failure: SwitchCheck | undefined;
  for (const group of caseGroups(statement)) {
    const test = groupTest(statement, group);
    if (!test) continue;
    const polarity = outcomeCheck(test, env);
    const last = group[group.length - 1] as TSESTree.SwitchCase;
    if (polarity === 'success' && leavesLoop(last, loop)) leavesOnSuccess = true;
    if (polarity === 'failure' && !failure && goesRound(last, statement, loop)) failure = { check: test, failurePath: last };
  }
  return leavesOnSuccess ? failure : undefined;
}

/**
 * What a case of a switch on the attempt's answer stands for, for a path through its body (a
 * call back on the failure path): its group's test, read as the `if` it stands for; `default`
 * (or a group that falls into it), the answers no other group lists: a failure where a listed
 * group is the success, as the `else` of `if (status === 200)` is.
 */
export function caseOutcome(c: TSESTree.SwitchCase, env: Env): Polarity | undefined {
  const statement = c.parent as TSESTree.SwitchStatement;
  const groups = caseGroups(statement);
  const group = groups.find((g) => g.includes(c));
  if (!group) return undefined;
  const test = groupTest(statement, group);
  if (test) return outcomeCheck(test, env, false);
  const listsSuccess = groups.some((other) => {
    const listed = other !== group ? groupTest(statement, other) : undefined;
    return listed !== undefined && outcomeCheck(listed, env, false) === 'success';
  });
  return listsSuccess ? 'failure' : undefined;
}

/** Cases that fall through to one body, in order: `case 200: case 201: return` is one group. */
function caseGroups(statement: TSESTree.SwitchStatement): TSESTree.SwitchCase[][] {
  const groups: TSESTree.SwitchCase[][] = [];
  let current: TSESTree.SwitchCase[] = [];
  for (const c of statement.cases) {
    current.push(c);
    if (c.consequent.length > 0) {
      groups.push(current);
      current = [];
    }
  }
  return groups;
}

const tests = new WeakMap<TSESTree.SwitchCase, Node>();

/** `disc === a || disc === b` for the group, made once, in the switch's place; undefined with a `default`. */
function groupTest(statement: TSESTree.SwitchStatement, group: TSESTree.SwitchCase[]): Node | undefined {
  const last = group[group.length - 1] as TSESTree.SwitchCase;
  const made = tests.get(last);
  if (made) return made;
  if (group.some((c) => !c.test)) return undefined;
  const at = { range: last.range, loc: last.loc };
  let test: Node | undefined;
  for (const c of group) {
    const compare = { type: 'BinaryExpression', operator: '===', left: statement.discriminant, right: c.test, ...at, parent: statement } as unknown as TSESTree.BinaryExpression;
    if (!test) test = compare;
    else {
      const either = { type: 'LogicalExpression', operator: '||', left: test, right: compare, ...at, parent: statement } as unknown as TSESTree.LogicalExpression;
      (test as { parent: Node }).parent = either;
      (compare as { parent: Node }).parent = either;
      test = either;
    }
  }
  if (test) tests.set(last, test);
  return test;
}

/** The group's body ends by leaving the loop: a `return`, or a `break` out of it (a plain `break` only leaves the switch). */
function leavesLoop(c: TSESTree.SwitchCase, loop: Node): boolean {
  const end = c.consequent[c.consequent.length - 1];
  if (!end) return false;
  if (end.type === 'ReturnStatement') return true;
  return (end.type === 'BreakStatement' || end.type === 'ContinueStatement') && end.label !== null && breaksOut(end, loop);
}

/** The group's body goes round: a `continue` of this loop, or the end of the switch with nothing after it in the loop's body. */
function goesRound(c: TSESTree.SwitchCase, statement: TSESTree.SwitchStatement, loop: Node): boolean {
  const end = c.consequent[c.consequent.length - 1];
  if (!end) return false;
  if (end.type === 'ContinueStatement') return !end.label || !breaksOut(end, loop);
  if (end.type === 'BreakStatement' && !end.label) {
    const body = (loop as { body?: Node }).body;
    return body?.type === 'BlockStatement' && body.body[body.body.length - 1] === statement;
  }
  return false;
}
