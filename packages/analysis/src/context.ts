import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { contains, dottedName, enclosingFunction, isAnyLoop, isFunction, propertyName, registerConstObjects, registerNeverReturning, unwrap, walk, type FunctionNode, type Node, type VisitorKeys } from './ast.js';
import type { ObjectArgument } from './object-argument.js';
import type { Value } from './value.js';
import { prototypeOwners } from './prototype-slots.js';
import type { SourceCodeLike } from './source-code.js';
import type { HelperSpec } from './helper-specs.js';
import { firstDefinition, soleDefinition } from './definitions/bodies.js';
import { neverReturns } from './functions/never-returns.js';
import { localResolve } from './graph/resolve.js';

export type { SourceCodeLike };

type Scope = TSESLint.Scope.Scope;
export type Variable = TSESLint.Scope.Variable;


/** A step of SourceCode#traverse: entering (phase 1) or leaving (phase 2) a node; other kinds are code-path events. */
interface TraversalStep {
  kind?: unknown;
  phase?: unknown;
  target?: unknown;
}

/** Per-file state shared by every part of the analysis; built once per lint of a file. */
export class AnalysisContext {
  readonly keys: VisitorKeys;
  private readonly variableCache = new WeakMap<Node, Variable | null>();
  private mutable: Set<string> | undefined;
  private functionBindings: Set<string> | undefined;
  private declared: Set<string> | undefined;
  private stepped: Set<string> | undefined;
  /**
   * A function of another module of the project that a call names, with that module's context
   * (set when the analysis may read other files): a delay helper there is evaluated like a local one.
   */
  foreignFunction?: (call: TSESTree.CallExpression) => { fn: FunctionNode; ctx: AnalysisContext } | undefined;
  /** A class another module of the project exports, that an imported name here names, with that module's context. */
  foreignClass?: (id: TSESTree.Identifier) => { cls: TSESTree.ClassDeclaration | TSESTree.ClassExpression; ctx: AnalysisContext } | undefined;
  /**
   * `this.options.k` where the constructor stores its parameter there: what every construction
   * of the class in its package gives `k` (constructions.ts), with where to evaluate it.
   */
  constructedOption?: (object: Node, prop: string, env: Env) => { node: Node; env: Env } | undefined;
  /** The major version of a catalog library this file gets (library-versions.ts), where a default changed between majors. */
  libraryMajor?: (library: string) => number | undefined;
  /** The initialiser of a constant another module of the project exports, that an imported identifier here names, with that module's context. */
  foreignConstant?: (id: TSESTree.Identifier) => { node: Node; ctx: AnalysisContext } | undefined;
  /** An object literal another module of the project exports, that an identifier or namespace member names, with that module's context. */
  foreignObject?: (node: Node) => { literal: TSESTree.ObjectExpression; ctx: AnalysisContext } | undefined;
  /**
   * In a file of a catalog library's own package: the catalog module a relative specifier names
   * (`./retry.js` in async is `async/retry`), or with no specifier the one this file is (p-retry's entry).
   */
  ownModule?: (specifier?: string) => string | undefined;
  /** The project's own retry packages, declared in the settings (helper-specs.ts). */
  helpers: readonly HelperSpec[] = [];
  /** The catalog module a relative specifier names when it is a vendored copy (`../vendor/p-retry`): see catalog.ts `vendoredModule`. */
  vendoredModule?: (specifier: string) => string | undefined;
  /** Parameters of a helper bound to what a caller in another file passes (`retryable(op, 2)`). */
  paramValues?: ReadonlyMap<Variable, Value>;
  /** Parameters of such a helper bound to the options object the caller writes out (`retryable(op, { retries: 2 })`). */
  paramObjects?: ReadonlyMap<Variable, ObjectArgument>;
  /**
   * A method that a class of this file inherits from a class it extends (of this file, or
   * imported from another module of the project), with the context of the file that defines it.
   */
  inheritedMethod?: (cls: TSESTree.ClassDeclaration | TSESTree.ClassExpression, name: string) => { fn: FunctionNode; ctx: AnalysisContext } | undefined;
  /** Parameters of such a helper bound to a function the caller hands over, with the caller's context (`poll(async () => …)`). */
  paramFunctions?: ReadonlyMap<Variable, { fn: FunctionNode; ctx: AnalysisContext }>;

  constructor(readonly sourceCode: SourceCodeLike) {
    this.keys = sourceCode.visitorKeys;
    // `{ ...defaults, headers }`: what a spread copies, by scope (ast.ts getProperty).
    registerConstObjects(sourceCode.ast, (id) => {
      const def = soleDefinition(this.variableOf(id));
      const declarator = def?.type === 'Variable' ? def.node : undefined;
      const init = declarator?.type === 'VariableDeclarator' && declarator.parent.kind === 'const' && declarator.init ? unwrap(declarator.init) : undefined;
      return init?.type === 'ObjectExpression' ? init : undefined;
    });
    // `this.rethrow(err)` ends a block as a `throw` does when the method never returns (ast.ts alwaysExits).
    const resolve = localResolve(this);
    registerNeverReturning(sourceCode.ast, (call) => {
      const fn = resolve(call.callee);
      return fn !== undefined && neverReturns(fn, (c) => resolve(c.callee));
    });
  }

  /** The variable an identifier refers to, by name through the scope chain. */
  variableOf(id: TSESTree.Identifier): Variable | undefined {
    const cached = this.variableCache.get(id);
    if (cached !== undefined) return cached ?? undefined;
    // A name no scope of the file declares (a global such as `sleep` where none is configured)
    // resolves to nothing: no climb through every scope around it (deeply nested code).
    if (!this.declaredNames().has(id.name)) {
      this.variableCache.set(id, null);
      return undefined;
    }
    let found: Variable | null = null;
    try {
      for (let scope: Scope | null = this.sourceCode.getScope(id); scope; scope = scope.upper) {
        const variable = scope.set.get(id.name);
        if (variable) {
          found = variable;
          break;
        }
      }
    } catch {
      // getScope needs parent links; a synthetic node without them resolves to nothing.
      found = null;
    }
    this.variableCache.set(id, found);
    return found ?? undefined;
  }

  /**
   * Calls `visit` for every node of the file of the types the analysis reads (SITE_NODE_TYPES)
   * in source order.
   */
  forEachNode(visit: (node: Node) => void): void {
    for (const node of this.fileNodes().all) visit(node);
  }

  /**
   * The file's nodes of one of the types the analysis reads (SITE_NODE_TYPES), in source order:
   * a question about one kind of node (every assignment, every call) reads only those.
   */
  nodesOfKind(type: SiteNodeType): readonly Node[] {
    return this.fileNodes().byType.get(type) ?? NONE;
  }

  /** The nodes of the types the analysis reads, in source order and by type, gathered once per file. */
  private fileNodes(): FileNodeLists {
    const ast = this.sourceCode.ast;
    // Recorded while ESLint traversed this AST for the rules (siteNodeListeners): no second pass.
    const recorded = recordedNodes.get(ast);
    const cached = nodeLists.get(ast);
    if (cached && (!recorded?.complete || cached.from === recorded.nodes.length)) return cached;
    let all: Node[];
    if (recorded?.complete) all = recorded.nodes;
    else {
      all = [];
      const steps = this.sourceCode.traverse?.() as readonly TraversalStep[] | undefined;
      // Code-path events come before the Program is entered.
      const first = steps?.find((step) => step.kind === 1);
      // A lint has already traversed the file: ESLint keeps the steps of that traversal, and
      // reading them costs a fraction of walking the tree again. Anything but the shape ESLint 9
      // and 10 have (the first node entered is the Program): walk.
      if (steps && first?.phase === 1 && first.target === ast) {
        for (const step of steps) if (step.kind === 1 && step.phase === 1 && SITE_TYPES.has((step.target as Node).type)) all.push(step.target as Node);
      } else {
        walk(ast, this.keys, (node) => void (SITE_TYPES.has(node.type) && all.push(node)));
      }
    }
    const byType = new Map<string, Node[]>();
    for (const node of all) {
      const list = byType.get(node.type);
      if (list) list.push(node);
      else byType.set(node.type, [node]);
    }
    const lists: FileNodeLists = { all, byType, from: recorded?.complete ? recorded.nodes.length : -1 };
    nodeLists.set(ast, lists);
    return lists;
  }

  /**
   * Property names that code writes after construction (`this.wait *= 2`, `opts.delay = d`)
   * anywhere in the file: a read of such a property may change between attempts. Writes in
   * constructors and class fields only set the starting value. Computed once per file.
   */
  isMutableMember(name: string): boolean {
    return this.memberWrites().mutable.has(name);
  }

  /**
   * Property names that may hold a count: stepped anywhere in the file (`this.attempts++`,
   * `this.n += 1`, `this.n = this.n + 1`) or set to anything but a literal or a named constant
   * (`this.n = attempt`). A member only ever set to literals and named constants (`this.state =
   * CLOSED`) is a state, not a count. Computed once per file, with isMutableMember.
   */
  isSteppedMember(name: string): boolean {
    return this.memberWrites().stepped.has(name);
  }

  /** A literal, an identifier bound once to one (`const CLOSED = 2`), or a member read of a named object (`States.OPEN`). */
  private isNamedValue(node: Node): boolean {
    const n = unwrap(node);
    if (n.type === 'Literal') return true;
    if (n.type === 'MemberExpression') return !n.computed && unwrap(n.object).type === 'Identifier';
    return n.type === 'Identifier' && this.constLiteral(n) !== undefined;
  }

  /** The literal a `const` declared once holds (`const CLOSED = 2`), named by `id`. */
  constLiteral(id: TSESTree.Identifier): TSESTree.Literal | undefined {
    const variable = this.variableOf(id);
    const def = soleDefinition(variable);
    if (def?.type !== 'Variable' || def.parent?.type !== 'VariableDeclaration' || def.parent.kind !== 'const' || !def.node.init) return undefined;
    const init = unwrap(def.node.init);
    return init.type === 'Literal' ? init : undefined;
  }

  private memberWrites(): { mutable: Set<string>; stepped: Set<string> } {
    if (!this.mutable || !this.stepped) {
      const mutable = new Set<string>();
      const stepped = new Set<string>();
      // Where a write sits and what it writes are asked only of member writes not yet known to say more.
      const record = (node: TSESTree.AssignmentExpression | TSESTree.UpdateExpression) => {
        const target = node.type === 'AssignmentExpression' ? node.left : node.argument;
        if (target.type !== 'MemberExpression') return;
        const prop = propertyName(target);
        if (prop === undefined) return;
        if (!mutable.has(prop) && !inConstructor(node, this)) mutable.add(prop);
        if (!stepped.has(prop) && (node.type === 'UpdateExpression' || node.operator !== '=' || !this.isNamedValue(node.right))) stepped.add(prop);
      };
      // The nodes ESLint's traversal recorded (assignments and updates are among them): no walk of the file.
      for (const node of this.nodesOfKind('AssignmentExpression')) record(node as TSESTree.AssignmentExpression);
      for (const node of this.nodesOfKind('UpdateExpression')) record(node as TSESTree.UpdateExpression);
      this.mutable = mutable;
      this.stepped = stepped;
    }
    return { mutable: this.mutable, stepped: this.stepped };
  }

  /**
   * The function an expression holds: an inline arrow/function, or a local function passed by
   * name (`retryStrategy: backoff`, `export { f }`).
   */
  functionIn(node: Node): FunctionNode | undefined {
    const n = unwrap(node);
    if (isFunction(n)) return n;
    if (n.type === 'Identifier') return this.functionOf(n);
    return undefined;
  }

  /** The function node a name is bound to, when the binding is a local function. */
  functionOf(id: TSESTree.Identifier): FunctionNode | undefined {
    // Most names asked about (every callee, every argument) bind no function of the file: a
    // name no function of the file is bound to needs no lookup through the scopes.
    if (!this.bindsFunction(id.name)) return undefined;
    const variable = this.variableOf(id);
    const def = soleDefinition(variable);
    if (!variable || !def) return undefined;
    // A parameter's def also points at its function: only a function's own name counts.
    // (`const x = function retry() { … retry() … }` names the expression.)
    if (def.type === 'FunctionName' && (def.node.type === 'FunctionDeclaration' || def.node.type === 'FunctionExpression')) return def.node;
    if (def.node.type === 'VariableDeclarator' && def.node.init && !isReassigned(variable)) {
      const init = def.node.init;
      if (init.type === 'ArrowFunctionExpression' || init.type === 'FunctionExpression') return init;
    }
    return undefined;
  }

  /** Every name some scope of the file declares (configured globals included), gathered once. */
  private declaredNames(): Set<string> {
    if (!this.declared) {
      const names = new Set<string>();
      let top: Scope | null = this.sourceCode.getScope(this.sourceCode.ast);
      while (top?.upper) top = top.upper;
      const pending: Scope[] = top ? [top] : [];
      for (let scope = pending.pop(); scope; scope = pending.pop()) {
        for (const name of scope.set.keys()) names.add(name);
        for (const child of scope.childScopes) pending.push(child);
      }
      this.declared = names;
    }
    return this.declared;
  }

  /** Some function of the file may be bound to `name`: its own name, or the variable it initialises. */
  private bindsFunction(name: string): boolean {
    if (!this.functionBindings) {
      const names = new Set<string>();
      for (const type of ['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression'] as const) {
        for (const node of this.nodesOfKind(type)) {
          if ((node.type === 'FunctionDeclaration' || node.type === 'FunctionExpression') && node.id) names.add(node.id.name);
          if ((node.type === 'FunctionExpression' || node.type === 'ArrowFunctionExpression') && node.parent?.type === 'VariableDeclarator' && node.parent.id.type === 'Identifier') names.add(node.parent.id.name);
        }
      }
      this.functionBindings = names;
    }
    return this.functionBindings.has(name);
  }
}

/**
 * The node types the analysis reads through forEachNode (findSites, the member writes, the
 * member mentions); every other node it ignores. A rule that lints the file records them
 * during ESLint's own traversal, in its order.
 */
const SITE_NODE_TYPES = [
  // Writes, for the members the file changes after construction (isMutableMember).
  'AssignmentExpression',
  'UpdateExpression',
  'ForStatement',
  'WhileStatement',
  'DoWhileStatement',
  'ForOfStatement',
  // A `try` whose catch may call its operation again (repeats/repeated-call.ts).
  'TryStatement',
  'CallExpression',
  'NewExpression',
  'JSXOpeningElement',
  'FunctionDeclaration',
  'FunctionExpression',
  'ArrowFunctionExpression',
  // Names read out of an object (`const { b } = this`), for the count of member mentions.
  'ObjectPattern',
  // A loop's check written as cases (outcomes/switch-cases.ts).
  'SwitchStatement',
] as const;

export type SiteNodeType = (typeof SITE_NODE_TYPES)[number];
const SITE_TYPES: ReadonlySet<string> = new Set(SITE_NODE_TYPES);

interface RecordedNodes {
  nodes: Node[];
  /** The Program was entered with the listeners in place: every later node was recorded. */
  complete: boolean;
}

const recordedNodes = new WeakMap<TSESTree.Program, RecordedNodes>();

interface FileNodeLists {
  all: readonly Node[];
  byType: ReadonlyMap<string, Node[]>;
  /** How many nodes the recording held when these lists were made (-1: not from a recording). */
  from: number;
}

const nodeLists = new WeakMap<TSESTree.Program, FileNodeLists>();
const NONE: readonly Node[] = [];

/**
 * Rule listeners that record, while ESLint traverses `ast`, the nodes the analysis looks for,
 * so that it need not read the whole file again after the lint. Once per AST: the first rule
 * created for it gets them, the others an empty object.
 */
export function siteNodeListeners(ast: TSESTree.Program): Record<string, (node: Node) => void> {
  if (recordedNodes.has(ast)) return {};
  const recorded: RecordedNodes = { nodes: [], complete: false };
  recordedNodes.set(ast, recorded);
  const record = (node: Node): void => {
    recorded.nodes.push(node);
  };
  const listeners: Record<string, (node: Node) => void> = {
    Program(node) {
      recorded.nodes.length = 0;
      recorded.complete = node === ast;
    },
  };
  for (const type of SITE_NODE_TYPES) listeners[type] = record;
  return listeners;
}

/**
 * Inside a class constructor, callbacks it makes included, or directly inside an ES5 constructor
 * (`function Queue(opts) { this.settings = … }` with `Queue.prototype.run = function` in the
 * file): a write there sets a starting value.
 */
function inConstructor(node: Node, ctx: AnalysisContext): boolean {
  let direct = true;
  for (let p = node.parent; p; p = p.parent) {
    if (p.type === 'MethodDefinition') return p.kind === 'constructor';
    if (direct && (p.type === 'FunctionDeclaration' || p.type === 'FunctionExpression')) {
      direct = false;
      const name = p.id?.name ?? (p.parent?.type === 'VariableDeclarator' && p.parent.id.type === 'Identifier' ? p.parent.id.name : undefined);
      if (name !== undefined && /^[A-Z]/.test(name) && prototypeOwners(ctx).has(name)) return true;
    }
  }
  return false;
}

/** True when a variable is written anywhere after its declaration. */
export function isReassigned(variable: Variable): boolean {
  return laterWrites(variable).length > 0;
}

/**
 * Every write of the variable after its declaration only normalises what the caller passed:
 * `opts = opts || {}`, `opts = { ...opts }`, `opts = Object.assign({}, opts)`,
 * `opts = typeof opts === 'number' ? { max: opts } : opts`. Each keeps the caller's value or
 * wraps it in a fresh object literal, so an option read from it is still the caller's, fixed
 * for the whole retry.
 */
export function onlyNormalised(variable: Variable): boolean {
  const writes = laterWrites(variable);
  if (writes.length === 0) return false;
  return writes.every((id) => {
    const parent = id.parent;
    return parent?.type === 'AssignmentExpression' && parent.operator === '=' && parent.left === id && normalises(parent.right, id.name, 0);
  });
}

function normalises(node: Node, name: string, depth: number): boolean {
  const n = unwrap(node);
  if (depth > 3) return false;
  if (n.type === 'Identifier') return n.name === name;
  // `{ max: opts }`, `{ ...opts }`: the caller's value or literals, nothing computed from it.
  if (n.type === 'ObjectExpression') {
    return n.properties.every((p) => {
      const value = unwrap((p.type === 'SpreadElement' ? p.argument : p.value) as Node);
      if (p.type === 'Property' && p.computed) return false;
      return value.type === 'Literal' || (value.type === 'Identifier' && value.name === name);
    });
  }
  if (n.type === 'ConditionalExpression') return normalises(n.consequent, name, depth + 1) && normalises(n.alternate, name, depth + 1);
  if (n.type === 'LogicalExpression') return n.operator !== '&&' && normalises(n.left, name, depth + 1) && normalises(n.right, name, depth + 1);
  // `Object.assign({}, opts)`: a fresh copy of the caller's object.
  if (n.type === 'CallExpression' && n.callee.type === 'MemberExpression' && propertyName(n.callee) === 'assign' && unwrap(n.callee.object).type === 'Identifier' && (unwrap(n.callee.object) as TSESTree.Identifier).name === 'Object') {
    const [first, ...rest] = n.arguments;
    return first !== undefined && unwrap(first as Node).type === 'ObjectExpression' && (unwrap(first as Node) as TSESTree.ObjectExpression).properties.length === 0 && rest.length > 0 && rest.every((a) => normalises(a as Node, name, depth + 1));
  }
  return false;
}

/**
 * `defaults = Object.assign(baseDefaults, defaults)` (beside normalising writes such as
 * `defaults = defaults || {}`), written once at the top of the function that declares the
 * variable, before `read`: the merge that gives the options their defaults. Undefined when
 * the variable is written any other way, or that write may not have run when `read` runs.
 */
export function mergingWrite(variable: Variable, read: Node): TSESTree.CallExpression | undefined {
  const def = soleDefinition(variable);
  if (!def || (def.type !== 'Parameter' && def.type !== 'Variable')) return undefined;
  const home = def.type === 'Parameter' ? def.node : enclosingFunction(def.name as Node);
  let merge: TSESTree.CallExpression | undefined;
  for (const id of laterWrites(variable)) {
    const parent = id.parent;
    if (parent?.type !== 'AssignmentExpression' || parent.operator !== '=' || parent.left !== id) return undefined;
    if (normalises(parent.right, id.name, 0)) continue;
    const right = unwrap(parent.right);
    if (merge || right.type !== 'CallExpression' || dottedName(right.callee) !== 'Object.assign' || !right.arguments.some((a) => a.type === 'Identifier' && a.name === id.name)) return undefined;
    // A statement of the declaring function itself, not under a condition, a loop or a callback.
    const statement = parent.parent;
    if (statement?.type !== 'ExpressionStatement' || statement.parent?.type !== 'BlockStatement' || statement.parent.parent !== home) return undefined;
    if (read.range[0] < parent.range[1]) return undefined;
    merge = right;
  }
  return merge;
}

/**
 * Every write after the declaration takes a caller's option, and only when the caller set it:
 * `if (init && init.retryOn) retryOn = init.retryOn` (also `init.retryOn !== undefined`), in
 * the function that declares the variable, before `region`. When the caller leaves the option
 * out, the variable keeps the value it was declared with (its default).
 */
export function onlyCallerOverrides(variable: Variable, region: Node, ctx: AnalysisContext): boolean {
  const writes = laterWrites(variable);
  const def = soleDefinition(variable);
  if (writes.length === 0 || !def || def.type !== 'Variable') return false;
  const home = enclosingFunction(def.name as Node);
  return writes.every((id) => {
    const parent = id.parent;
    if (parent?.type !== 'AssignmentExpression' || parent.operator !== '=' || parent.left !== id || parent.range[1] > region.range[0]) return false;
    const right = unwrap(parent.right);
    if (right.type !== 'MemberExpression' || right.computed || unwrap(right.object).type !== 'Identifier') return false;
    const holder = unwrap(right.object) as TSESTree.Identifier;
    const prop = propertyName(right);
    // The holder is a parameter (the caller's options), resolved through the scopes.
    if (firstDefinition(ctx.variableOf(holder))?.type !== 'Parameter') return false;
    for (let p: Node | undefined = parent.parent; p && p !== home; p = p.parent) {
      if (isFunction(p) || isAnyLoop(p)) return false;
      if (p.type === 'IfStatement' && contains(p.consequent, parent) && testsSet(p.test, holder.name, prop)) return true;
    }
    return false;
  });
}

/** A test that holds only if `holder.prop` is set: `holder.prop`, `holder.prop !== undefined`, `!= null`, as one of `&&`'s parts. */
function testsSet(test: Node, holder: string, prop: string | undefined): boolean {
  const t = unwrap(test);
  if (t.type === 'LogicalExpression' && t.operator === '&&') return testsSet(t.left, holder, prop) || testsSet(t.right, holder, prop);
  const isRead = (n: Node) => {
    const u = unwrap(n);
    return u.type === 'MemberExpression' && !u.computed && propertyName(u) === prop && unwrap(u.object).type === 'Identifier' && (unwrap(u.object) as TSESTree.Identifier).name === holder;
  };
  if (isRead(t)) return true;
  if (t.type === 'BinaryExpression' && (t.operator === '!==' || t.operator === '!=')) {
    const [a, b] = [unwrap(t.left as Node), unwrap(t.right)];
    const absent = (n: Node) => (n.type === 'Identifier' && n.name === 'undefined') || (n.type === 'Literal' && n.value === null && t.operator === '!=');
    return (isRead(a) && absent(b)) || (isRead(b) && absent(a));
  }
  return false;
}

const laterWritesCache = new WeakMap<Variable, readonly TSESTree.Identifier[]>();

/**
 * Every write of a variable after its declaration, found once per variable: a constant read by
 * thousands of retry sites must not cost a scan of all its references at each one.
 */
function laterWrites(variable: Variable): readonly TSESTree.Identifier[] {
  let writes = laterWritesCache.get(variable);
  if (!writes) {
    writes = variable.references.filter((ref) => isLaterWrite(variable, ref)).map((ref) => ref.identifier as TSESTree.Identifier);
    laterWritesCache.set(variable, writes);
  }
  return writes;
}

function isLaterWrite(variable: Variable, ref: TSESLint.Scope.Reference): boolean {
  // A parameter's default value is a write too, at the declaration itself.
  return ref.isWrite() && !ref.init && !variable.defs.some((def) => def.name === ref.identifier);
}

/** Write references of a variable located inside `region`. */
export function writesWithin(variable: Variable, region: Node): TSESTree.Identifier[] {
  const result: TSESTree.Identifier[] = [];
  for (const id of laterWrites(variable)) {
    if (region.range[0] <= id.range[0] && id.range[1] <= region.range[1]) result.push(id);
  }
  return result;
}

/** Where an expression is evaluated: what changes between attempts, and what is bound. */
export interface Env {
  ctx: AnalysisContext;
  /** Code that runs once per attempt: a variable written in here changes between attempts. */
  region: Node;
  /** Variables that change between attempts although not written in the region (recursion parameters). */
  counters: ReadonlySet<Variable>;
  /** Counters that count down (`retries - 1` passed to a recursive call). */
  decrementing?: ReadonlySet<Variable>;
  /** Parameters of an inlined helper, bound to the caller's arguments. */
  bindings?: ReadonlyMap<Variable, Value>;
  /**
   * Parameters of an inlined helper that stand for a variable of the caller
   * (`calculateDelay(n, options)`): an option read from one is read from the caller's variable,
   * where the defaults it was given before the retry are seen.
   */
  aliases?: ReadonlyMap<Variable, Alias>;
  /**
   * Parameters of an inlined helper handed an object literal (`delayFor(n, { baseMs: 100 })`):
   * `const { baseMs = 200 } = opts` reads what the literal gives, read in the caller's environment.
   */
  passedObjects?: ReadonlyMap<Variable, { object: TSESTree.ObjectExpression; env: Env }>;
  /** Parameters of a function of the file that the retry hands its failure to (`catch (e) { await this.handle(e) }`). */
  handedFailures?: ReadonlySet<Variable>;
  /**
   * The region of the retry itself when `region` is a helper's body inlined for it
   * (`this.#nextDelay()`): a member of `this` the attempt steps there (`this.#count++`)
   * changes between attempts in the helper too.
   */
  attempt?: Node;
  /** `this` is an instance the analysis follows (object-waits.ts): its members read as that instance's. */
  receiver?: Receiver;
  depth: number;
}

/** An instance's reading of `this.name` and `this.field.key` in its own code; undefined for anything else. */
export interface Receiver {
  member(member: TSESTree.MemberExpression, env: Env): Value | undefined;
}

/** The caller's identifier a helper's parameter stands for, with the caller's environment. */
export interface Alias {
  /** A name, or `this.options` a function of another module is handed (object-waits.ts). */
  id: TSESTree.Identifier | TSESTree.MemberExpression;
  env: Env;
}

