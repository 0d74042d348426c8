import type { TSESTree } from '@typescript-eslint/utils';

export type Node = TSESTree.Node;
export type VisitorKeys = Readonly<Record<string, readonly string[] | undefined>>;

export type FunctionNode =
  | TSESTree.FunctionDeclaration
  | TSESTree.FunctionExpression
  | TSESTree.ArrowFunctionExpression;

export type LoopNode =
  | TSESTree.ForStatement
  | TSESTree.WhileStatement
  | TSESTree.DoWhileStatement;

/** Loops that can retry: counted and conditional loops, and `for…of` over a schedule of waits. */
export type RetryLoopNode = LoopNode | TSESTree.ForOfStatement;

export function loopTest(loop: RetryLoopNode): Node | undefined {
  return loop.type === 'ForOfStatement' ? undefined : (loop.test ?? undefined);
}

export function isFunction(node: Node): node is FunctionNode {
  return (
    node.type === 'FunctionDeclaration' ||
    node.type === 'FunctionExpression' ||
    node.type === 'ArrowFunctionExpression'
  );
}

export function isLoop(node: Node): node is LoopNode {
  return node.type === 'ForStatement' || node.type === 'WhileStatement' || node.type === 'DoWhileStatement';
}

export function isAnyLoop(node: Node): boolean {
  return isLoop(node) || node.type === 'ForInStatement' || node.type === 'ForOfStatement';
}

/** The expression with the optional chaining and type assertions around it (`a.f?.(n)`, `f(n)!`, `x as T`). */
export function outerExpression(node: Node): Node {
  let n = node;
  while (n.parent && (n.parent.type === 'ChainExpression' || n.parent.type === 'TSNonNullExpression' || n.parent.type === 'TSAsExpression')) n = n.parent;
  return n;
}

/** The innermost function around `node`. */
export function enclosingFunction(node: Node): FunctionNode | undefined {
  for (let p = node.parent; p; p = p.parent) if (isFunction(p)) return p;
  return undefined;
}

/** Strips what does not change a value: TS casts, `!`, `await`, optional chains. */
/** A function's one expression: its expression body, or the expression of its only statement (`{ op(); }`). */
export function soleExpression(fn: FunctionNode): Node | undefined {
  if (fn.body.type !== 'BlockStatement') return fn.body;
  const only = fn.body.body.length === 1 ? fn.body.body[0] : undefined;
  return only?.type === 'ExpressionStatement' ? only.expression : undefined;
}

export function unwrap(node: Node): Node {
  let n = node;
  for (;;) {
    switch (n.type) {
      case 'TSAsExpression':
      case 'TSSatisfiesExpression':
      case 'TSNonNullExpression':
      case 'TSTypeAssertion':
      case 'ChainExpression':
        n = n.expression;
        break;
      case 'AwaitExpression':
        n = n.argument;
        break;
      case 'SequenceExpression':
        // `(0, promises_1.setTimeout)(1000)`: compilers call imports through a sequence.
        n = n.expressions[n.expressions.length - 1] as Node;
        break;
      default:
        return n;
    }
  }
}

/** `foo` for `foo()`, `sleep` for `this.sleep()` / `utils.sleep()`, `setTimeout` for `timers.setTimeout()`. */
export function calleeName(call: TSESTree.CallExpression | TSESTree.NewExpression): string | undefined {
  const callee = unwrap(call.callee);
  if (callee.type === 'Identifier') return callee.name;
  if (callee.type === 'MemberExpression') return propertyName(callee);
  return undefined;
}

/** `cb(…)`, `cb.call(this, …)`, `cb.apply(this, args)`: the call of the function `id` names, when it is one. */
export function callOf(id: Node): TSESTree.CallExpression | undefined {
  const parent = id.parent;
  if (parent?.type === 'CallExpression' && parent.callee === id) return parent;
  if (parent?.type === 'MemberExpression' && parent.object === id && /^(call|apply)$/.test(propertyName(parent) ?? '')) {
    const call = parent.parent;
    if (call?.type === 'CallExpression' && unwrap(call.callee) === parent) return call;
  }
  return undefined;
}

/**
 * `x.removeEventListener('close', fn)`, `x.off('close', fn)`, `x.removeListener('close', fn)`:
 * taking a listener off again, the one use of a listener that never runs it.
 */
export function removesListener(call: Node): call is TSESTree.CallExpression {
  return call.type === 'CallExpression' && /^(removeEventListener|removeListener|off)$/.test(calleeName(call) ?? '');
}

/** `f.bind(null, key)`, `this.m.bind(this)`: the function it binds, else the node itself (unwrapped). */
export function unbound(node: Node): Node {
  const n = unwrap(node);
  return n.type === 'CallExpression' && n.callee.type === 'MemberExpression' && propertyName(n.callee) === 'bind' ? unwrap(n.callee.object) : n;
}

export function propertyName(member: TSESTree.MemberExpression): string | undefined {
  if (!member.computed && member.property.type === 'Identifier') return member.property.name;
  if (member.property.type === 'PrivateIdentifier') return member.property.name;
  if (member.property.type === 'Literal' && typeof member.property.value === 'string') return member.property.value;
  return undefined;
}

/** Longer chains have no dotted name: no name the analysis matches is that long. */
const MAX_DOTTED_LINKS = 256;

/**
 * `a.b.c` as a dotted string when every part is static, else undefined. Iterative, and
 * undefined past MAX_DOTTED_LINKS links: a generated chain of thousands of links must neither
 * overflow the stack nor cost its length at every link.
 */
export function dottedName(node: Node): string | undefined {
  let n = unwrap(node);
  // The common short names without a list of parts: `fetch`, `this`, `res.json`.
  if (n.type === 'Identifier') return n.name;
  if (n.type === 'ThisExpression') return 'this';
  if (n.type === 'MemberExpression') {
    const object = unwrap(n.object);
    if (object.type === 'Identifier' || object.type === 'ThisExpression') {
      const property = propertyName(n);
      if (property === undefined) return undefined;
      return `${object.type === 'Identifier' ? object.name : 'this'}.${property}`;
    }
  }
  const parts: string[] = [];
  while (n.type === 'MemberExpression') {
    const property = propertyName(n);
    if (property === undefined || parts.length >= MAX_DOTTED_LINKS) return undefined;
    parts.push(property);
    n = unwrap(n.object);
  }
  if (n.type === 'Identifier') parts.push(n.name);
  else if (n.type === 'ThisExpression') parts.push('this');
  else return undefined;
  return parts.reverse().join('.');
}

/** The name a non-computed property key spells: `retries`, `'retries'`, `3`. */
export function keyName(key: Node): string | undefined {
  if (key.type === 'Identifier') return key.name;
  if (key.type === 'Literal' && (typeof key.value === 'string' || typeof key.value === 'number')) return String(key.value);
  return undefined;
}

/**
 * A property of an object literal by name, the last one written winning, also through a spread
 * of a `const` object literal of the code around it (`{ ...defaults, headers }`): the key the
 * object gets from there, unless written after the spread.
 */
export function getProperty(object: TSESTree.ObjectExpression, name: string, depth = 0): TSESTree.Property | undefined {
  for (let i = object.properties.length - 1; i >= 0; i--) {
    const prop = object.properties[i];
    if (prop?.type === 'SpreadElement' && depth < MAX_SPREADS) {
      const source = spreadSource(prop);
      const found = source && getProperty(source, name, depth + 1);
      if (found) return found;
      continue;
    }
    if (prop?.type !== 'Property' || prop.computed) continue;
    const key = prop.key;
    if ((key.type === 'Identifier' && key.name === name) || (key.type === 'Literal' && key.value === name)) {
      return prop;
    }
  }
  return undefined;
}

const MAX_SPREADS = 3;

/** Every key the object literal gets is written in it or in the `const` literals it spreads (spreadSource). */
export function spreadsKnown(object: TSESTree.ObjectExpression, depth = 0): boolean {
  return object.properties.every((p) => {
    if (p.type !== 'SpreadElement') return true;
    const source = depth < MAX_SPREADS ? spreadSource(p) : undefined;
    return source !== undefined && spreadsKnown(source, depth + 1);
  });
}

/**
 * How a file's names resolve to the `const` object literal they are bound to, registered by the
 * file's analysis context (context.ts) with the scope manager: this module sits below it.
 */
const constObjects = new WeakMap<Node, (id: TSESTree.Identifier) => TSESTree.ObjectExpression | undefined>();

export function registerConstObjects(program: Node, resolve: (id: TSESTree.Identifier) => TSESTree.ObjectExpression | undefined): void {
  constObjects.set(program, resolve);
}

/**
 * Which calls of a file reach a function that never returns (declared `never`, or whose body
 * always throws), registered by the file's analysis context, which resolves callees by scope.
 */
const neverReturning = new WeakMap<Node, (call: TSESTree.CallExpression) => boolean>();
const neverReturningCalls = new WeakMap<TSESTree.CallExpression, boolean>();

export function registerNeverReturning(program: Node, test: (call: TSESTree.CallExpression) => boolean): void {
  neverReturning.set(program, test);
}

function neverReturningCall(call: TSESTree.CallExpression): boolean {
  let known = neverReturningCalls.get(call);
  if (known === undefined) {
    let program: Node = call;
    while (program.parent) program = program.parent;
    known = neverReturning.get(program)?.(call) ?? false;
    neverReturningCalls.set(call, known);
  }
  return known;
}

const spreadSources = new WeakMap<TSESTree.SpreadElement, TSESTree.ObjectExpression | null>();

/**
 * The object literal a spread copies: `...{ … }`, or `...defaults` with `defaults` bound (by
 * scope) to a `const` object literal. Remembered per spread: options are asked for key after key.
 */
export function spreadSource(spread: TSESTree.SpreadElement): TSESTree.ObjectExpression | undefined {
  const arg = spread.argument;
  if (arg.type === 'ObjectExpression') return arg;
  if (arg.type !== 'Identifier') return undefined;
  const known = spreadSources.get(spread);
  if (known !== undefined) return known ?? undefined;
  let program: Node = spread;
  while (program.parent) program = program.parent;
  const found = constObjects.get(program)?.(arg);
  spreadSources.set(spread, found ?? null);
  return found;
}

/**
 * Calls `visit` for every node below `root` in source order. `visit` returning false skips
 * that node's children. Iterative: deep ASTs from generated code must not overflow the stack.
 */
// Leaves the analysis never needs to visit: skipping them halves the nodes a walk touches.
const LEAF = new Set(['Literal', 'TemplateElement', 'PrivateIdentifier', 'Super', 'EmptyStatement', 'DebuggerStatement']);

export function walk(root: Node, keys: VisitorKeys, visit: (node: Node) => boolean | void): void {
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    if (visit(node) === false) continue;
    const nodeKeys = keys[node.type];
    if (!nodeKeys) continue;
    for (let k = nodeKeys.length - 1; k >= 0; k--) {
      const child = (node as unknown as Record<string, unknown>)[nodeKeys[k] as string];
      if (Array.isArray(child)) {
        for (let i = child.length - 1; i >= 0; i--) {
          const item = child[i] as Node | null;
          if (item && typeof item.type === 'string' && !LEAF.has(item.type)) stack.push(item);
        }
      } else if (child && typeof (child as Node).type === 'string' && !LEAF.has((child as Node).type)) {
        stack.push(child as Node);
      }
    }
  }
}

export function contains(outer: Node, inner: Node): boolean {
  return outer.range[0] <= inner.range[0] && inner.range[1] <= outer.range[1];
}

/** The name a function is known by in its file: declaration, `const f = () => …`, method, property. */
export function functionName(fn: FunctionNode): string | undefined {
  if (fn.type === 'FunctionDeclaration' || fn.type === 'FunctionExpression') {
    if (fn.id) return fn.id.name;
  }
  const parent = fn.parent;
  if (!parent) return undefined;
  if (parent.type === 'VariableDeclarator' && parent.id.type === 'Identifier') return parent.id.name;
  if ((parent.type === 'MethodDefinition' || parent.type === 'Property' || parent.type === 'PropertyDefinition') && !parent.computed) {
    if (parent.key.type === 'Identifier' || parent.key.type === 'PrivateIdentifier') return parent.key.name;
  }
  if (parent.type === 'AssignmentExpression') return dottedName(parent.left)?.split('.').pop();
  return undefined;
}

/** Statement always leaves the enclosing block (every path ends in return/throw/break/continue). */
/** The parts a condition joins with `operator`: `a && (b && c)` → a, b, c. */
export function operands(test: Node, operator: '&&' | '||'): Node[] {
  const n = unwrap(test);
  if (n.type !== 'LogicalExpression' || n.operator !== operator) return [n];
  return [...operands(n.left, operator), ...operands(n.right, operator)];
}

export function alwaysExits(node: Node | null | undefined): boolean {
  if (!node) return false;
  switch (node.type) {
    case 'ReturnStatement':
    case 'ThrowStatement':
    case 'BreakStatement':
    case 'ContinueStatement':
      return true;
    case 'BlockStatement':
      return node.body.some((s) => alwaysExits(s));
    case 'ExpressionStatement': {
      const e = node.expression;
      if (e.type !== 'CallExpression') return false;
      // `this.rethrowGrpcError(err, '…')`: a function of the file that never returns (context.ts neverReturns).
      if (neverReturningCall(e)) return true;
      // `throwWithCause(err)`: helpers named throw… never return.
      return /^throw[A-Z]/.test(e.callee.type === 'Identifier' ? e.callee.name : e.callee.type === 'MemberExpression' && e.callee.property.type === 'Identifier' ? e.callee.property.name : '');
    }
    case 'IfStatement':
      return alwaysExits(node.consequent) && alwaysExits(node.alternate);
    case 'TryStatement':
      return (alwaysExits(node.block) && (!node.handler || alwaysExits(node.handler.body))) || alwaysExits(node.finalizer);
    default:
      return false;
  }
}

/** The expression an object literal gives `key`, read from its end; none past a spread, which may hold it. */
export function writtenProperty(object: TSESTree.ObjectExpression, key: string): Node | undefined {
  for (let i = object.properties.length - 1; i >= 0; i--) {
    const property = object.properties[i] as TSESTree.ObjectLiteralElement;
    if (property.type === 'SpreadElement') return undefined;
    if (property.type === 'Property' && !property.computed && keyName(property.key) === key) return property.value as Node;
  }
  return undefined;
}

/**
 * The arguments a call hands the function it reaches: all of them, or for `this.emit('job', next)`
 * (which reaches a listener the instance registered on itself) those after the event's name.
 */
export function handedArguments(call: TSESTree.CallExpression): readonly TSESTree.CallExpressionArgument[] {
  return emitsOnThis(call) ? call.arguments.slice(1) : call.arguments;
}

/** `this.emit(…)`: an instance raising an event its own listeners may take. */
export function emitsOnThis(call: TSESTree.CallExpression): boolean {
  const callee = unwrap(call.callee);
  return callee.type === 'MemberExpression' && !callee.computed && unwrap(callee.object).type === 'ThisExpression' && propertyName(callee) === 'emit';
}

/** `p.catch((err) => …)`, `p.then(ok, (err) => …)`: a function handed the rejection. */
export function rejectionHandler(fn: Node): boolean {
  const call = fn.parent;
  if (call?.type !== 'CallExpression' || call.callee.type !== 'MemberExpression' || call.callee.property.type !== 'Identifier') return false;
  const name = call.callee.property.name;
  return (name === 'catch' && call.arguments[0] === fn) || (name === 'then' && call.arguments[1] === fn);
}
