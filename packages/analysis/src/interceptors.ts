import type { TSESTree } from '@typescript-eslint/utils';
import { contains, dottedName, isFunction, propertyName, unwrap, walk, type FunctionNode, type Node } from './ast.js';
import type { AnalysisContext, Variable } from './context.js';
import { resendSite, type ResendOptions } from './recursion/site.js';
import type { Reentry } from './recursion/reentry.js';
import type { RetrySite } from './types.js';
import { soleDefinition } from './definitions/bodies.js';

/**
 * Retries through an HTTP client's error interceptor (axios's documented API):
 *
 *     api.interceptors.response.use((r) => r, async (error) => {
 *       const config = error.config;
 *       if (config.__retryCount >= 3) return Promise.reject(error);
 *       config.__retryCount = (config.__retryCount || 0) + 1;
 *       await sleep(1000);
 *       return api(config);
 *     });
 *
 * The error handler re-sends the failed request's config through the same instance
 * (`api(config)`, `api.request(config)`, `api.get(config.url, config)`): when that request fails
 * too, the library calls the handler again, so the handler retries itself through the library.
 * The config object is the same on each pass (axios hands the re-sent config back as
 * `error.config`): a counter or flag kept on it persists from one failure to the next.
 *
 * The handler is the function given as `onRejected`, a function of this file named there, or
 * one that such a handler only forwards to (`(err) => onError(api, err)`), with the instance
 * handed over as a parameter. A re-send in a function of this file that the handler calls with
 * the instance (`handleRetry(api, state, error, config)`) is a way back in through it.
 */
export function interceptorSite(call: TSESTree.CallExpression, ctx: AnalysisContext): RetrySite | undefined {
  const registration = registrationOf(call);
  if (!registration) return undefined;
  const onRejected = registration.handler;
  let fn: FunctionNode | undefined;
  if (isFunction(onRejected)) fn = onRejected;
  else if (onRejected.type === 'Identifier') fn = ctx.functionOf(onRejected);
  if (!fn || fn.params.length === 0) return undefined;
  const instance: Instance = { node: registration.instance, variables: new Set() };
  const rootVariable = instanceVariable(registration.instance, ctx);
  if (rootVariable) instance.variables.add(rootVariable);
  else if (!thisMember(registration.instance)) return undefined;
  const errors = new Set<Variable>();
  const first = paramVariable(fn, 0, ctx);
  if (!first) return undefined;
  errors.add(first);
  // `(err) => onError(api, err)`: the handler is the function it forwards to.
  const forwarded = forwardTarget(fn, instance, errors, ctx);
  if (forwarded) {
    fn = forwarded.fn;
    errors.clear();
    for (const v of forwarded.errors) errors.add(v);
    for (const v of forwarded.instances) instance.variables.add(v);
  }
  const configs = new Set<Variable>();
  collectDerived(fn, errors, configs, ctx);
  const direct = resends(fn, instance, errors, configs, ctx);
  const options = { failures: errors, once: onceFlag(configs, errors, ctx), mayCount: mayCount(instance, configs, errors, ctx) };
  const site = direct.length > 0 ? resendSite(fn, direct, ctx, options) : throughHelper(fn, instance, errors, configs, ctx, options);
  if (!site) return undefined;
  site.viaLibrary = call;
  // What is retried is the request the interceptor sits on, made elsewhere: no operation here to nest.
  delete site.operationScope;
  const resend = direct[0];
  if (resend) site.operation = resend;
  return site;
}

interface Instance {
  /** The instance expression the interceptor is registered on. */
  node: Node;
  /** Variables that hold it: its own binding, and parameters it is handed to. */
  variables: Set<Variable>;
}

/** `X.interceptors.response.use(onFulfilled, onRejected)`: X and onRejected (a function or a name). */
function registrationOf(call: TSESTree.CallExpression): { instance: Node; handler: Node } | undefined {
  const callee = unwrap(call.callee);
  if (callee.type !== 'MemberExpression' || propertyName(callee) !== 'use') return undefined;
  const response = unwrap(callee.object);
  if (response.type !== 'MemberExpression' || propertyName(response) !== 'response') return undefined;
  const interceptors = unwrap(response.object);
  if (interceptors.type !== 'MemberExpression' || propertyName(interceptors) !== 'interceptors') return undefined;
  const handler = call.arguments[1];
  if (!handler || handler.type === 'SpreadElement') return undefined;
  return { instance: unwrap(interceptors.object), handler: unwrap(handler) };
}

function instanceVariable(node: Node, ctx: AnalysisContext): Variable | undefined {
  return node.type === 'Identifier' ? ctx.variableOf(node) : undefined;
}

/** `this.client`, `this.http.api`: an instance kept on the object, matched by its dotted name. */
function thisMember(node: Node): boolean {
  let n = node;
  while (n.type === 'MemberExpression' && !n.computed) n = unwrap(n.object);
  return n.type === 'ThisExpression' && node.type === 'MemberExpression';
}

function paramVariable(fn: FunctionNode, i: number, ctx: AnalysisContext): Variable | undefined {
  const param = fn.params[i];
  const id = param?.type === 'AssignmentPattern' ? param.left : param;
  return id?.type === 'Identifier' ? ctx.variableOf(id) : undefined;
}

/** The expression stands for the instance: a variable that holds it, or the same `this.x`. */
function isInstance(node: Node, instance: Instance, ctx: AnalysisContext): boolean {
  const n = unwrap(node);
  if (n.type === 'Identifier') {
    const variable = ctx.variableOf(n);
    return variable !== undefined && instance.variables.has(variable);
  }
  return n.type === 'MemberExpression' && instance.node.type === 'MemberExpression' && thisMember(n) && dottedName(n) === dottedName(instance.node);
}

/** Rooted in one of the variables: `err`, `err.config`, `config.url`. */
function rootedIn(node: Node, variables: ReadonlySet<Variable>, ctx: AnalysisContext): boolean {
  let n = unwrap(node);
  while (n.type === 'MemberExpression') n = unwrap(n.object);
  if (n.type !== 'Identifier') return false;
  const variable = ctx.variableOf(n);
  return variable !== undefined && variables.has(variable);
}

/** The failed request's config: `err.config`, a variable holding it, a member of it, or `{ ...config, headers }`. */
function isConfig(node: Node, errors: ReadonlySet<Variable>, configs: ReadonlySet<Variable>, ctx: AnalysisContext): boolean {
  const n = unwrap(node);
  if (n.type === 'ObjectExpression') return n.properties.some((p) => p.type === 'SpreadElement' && isConfig(p.argument, errors, configs, ctx));
  if (rootedIn(n, configs, ctx)) return true;
  return n.type === 'MemberExpression' && propertyName(n) === 'config' && rootedIn(n.object, errors, ctx);
}

/**
 * Aliases of the error (`const axiosError = error`) and variables holding its config
 * (`const config = error.config`, `const { config } = error`, `const original = err.config || {}`),
 * in the order the handler declares them.
 */
function collectDerived(fn: FunctionNode, errors: Set<Variable>, configs: Set<Variable>, ctx: AnalysisContext): void {
  walk(fn.body, ctx.keys, (node) => {
    if (node.type !== 'VariableDeclarator' || !node.init) return undefined;
    let init = unwrap(node.init);
    if (init.type === 'LogicalExpression' && (init.operator === '||' || init.operator === '??')) init = unwrap(init.left);
    if (node.id.type === 'Identifier') {
      const variable = ctx.variableOf(node.id);
      if (!variable || !soleDefinition(variable)) return undefined;
      if (init.type === 'Identifier' && rootedIn(init, errors, ctx)) errors.add(variable);
      else if (isConfig(init, errors, configs, ctx) && init.type !== 'ObjectExpression') configs.add(variable);
    } else if (node.id.type === 'ObjectPattern' && init.type === 'Identifier' && rootedIn(init, errors, ctx)) {
      for (const p of node.id.properties) {
        if (p.type !== 'Property' || p.computed || p.key.type !== 'Identifier' || p.key.name !== 'config' || p.value.type !== 'Identifier') continue;
        const variable = ctx.variableOf(p.value);
        if (variable) configs.add(variable);
      }
    }
    return undefined;
  });
}

const METHODS = /^(request|get|post|put|patch|delete|head|options)$/;

/** Calls in the handler (its callbacks included) that send the failed request's config again through the instance. */
function resends(fn: FunctionNode, instance: Instance, errors: ReadonlySet<Variable>, configs: ReadonlySet<Variable>, ctx: AnalysisContext): TSESTree.CallExpression[] {
  const found: TSESTree.CallExpression[] = [];
  walk(fn.body, ctx.keys, (node) => {
    if (node.type !== 'CallExpression') return undefined;
    const callee = unwrap(node.callee);
    const through = isInstance(callee, instance, ctx) || (callee.type === 'MemberExpression' && METHODS.test(propertyName(callee) ?? '') && isInstance(callee.object, instance, ctx));
    if (through && node.arguments.some((a) => a.type !== 'SpreadElement' && isConfig(a, errors, configs, ctx))) found.push(node);
    return undefined;
  });
  return found;
}

/**
 * `async (error) => onError(api, error)` (or a block that only returns that call): the function
 * of this file it forwards to, with the parameters that receive the instance and the error.
 */
function forwardTarget(fn: FunctionNode, instance: Instance, errors: ReadonlySet<Variable>, ctx: AnalysisContext): { fn: FunctionNode; instances: Variable[]; errors: Variable[] } | undefined {
  let body: Node | undefined = fn.body;
  if (body.type === 'BlockStatement') {
    const only = body.body.length === 1 ? body.body[0] : undefined;
    body = only?.type === 'ReturnStatement' ? (only.argument ?? undefined) : undefined;
  }
  let call = body && unwrap(body);
  if (call?.type === 'AwaitExpression') call = unwrap(call.argument);
  if (call?.type !== 'CallExpression' || unwrap(call.callee).type !== 'Identifier') return undefined;
  const target = ctx.functionOf(unwrap(call.callee) as TSESTree.Identifier);
  if (!target || target === fn) return undefined;
  const handed = handedParameters(call, target, instance, errors, new Set(), ctx);
  return handed.instances.length > 0 && handed.errors.length > 0 ? { fn: target, instances: handed.instances, errors: handed.errors } : undefined;
}

/** The parameters of `target` that a call hands the instance, the error and the config. */
function handedParameters(call: TSESTree.CallExpression, target: FunctionNode, instance: Instance, errors: ReadonlySet<Variable>, configs: ReadonlySet<Variable>, ctx: AnalysisContext) {
  const instances: Variable[] = [];
  const errorParams: Variable[] = [];
  const configParams: Variable[] = [];
  call.arguments.forEach((arg, i) => {
    if (arg.type === 'SpreadElement') return;
    const param = paramVariable(target, i, ctx);
    if (!param) return;
    const a = unwrap(arg);
    if (isInstance(a, instance, ctx)) instances.push(param);
    else if (a.type === 'Identifier' && rootedIn(a, errors, ctx)) errorParams.push(param);
    else if (isConfig(a, errors, configs, ctx)) configParams.push(param);
  });
  return { instances, errors: errorParams, configs: configParams };
}

/**
 * A re-send in a function of this file that the handler calls, handing it the instance
 * (`return handleRetry(api, state, error, config)`): a way back in through that function.
 */
function throughHelper(fn: FunctionNode, instance: Instance, errors: ReadonlySet<Variable>, configs: ReadonlySet<Variable>, ctx: AnalysisContext, options: ResendOptions): RetrySite | undefined {
  const calls: TSESTree.CallExpression[] = [];
  walk(fn.body, ctx.keys, (node) => {
    if (node.type === 'CallExpression' && unwrap(node.callee).type === 'Identifier') calls.push(node);
    return undefined;
  });
  for (const call of calls) {
    const target = ctx.functionOf(unwrap(call.callee) as TSESTree.Identifier);
    if (!target || target === fn || contains(target, fn) || contains(fn, target)) continue;
    const handed = handedParameters(call, target, instance, errors, configs, ctx);
    if (handed.instances.length === 0 || (handed.errors.length === 0 && handed.configs.length === 0)) continue;
    const inner_: Instance = { node: instance.node, variables: new Set(handed.instances) };
    const innerErrors = new Set(handed.errors);
    const innerConfigs = new Set(handed.configs);
    collectDerived(target, innerErrors, innerConfigs, ctx);
    const backs = resends(target, inner_, innerErrors, innerConfigs, ctx);
    if (backs.length === 0) continue;
    const reentry: Reentry = { through: target, backs, others: [] };
    // The second function's own reads of the request's state may count too.
    const inner = mayCount(inner_, innerConfigs, innerErrors, ctx);
    return resendSite(fn, [call], ctx, { ...options, reentry, mayCount: (c, f) => (options.mayCount?.(c, f) ?? false) || inner(backs[0] as Node, target) });
  }
  return undefined;
}

/**
 * `if (!config._retry) { config._retry = true; …; return api(config) }`: a flag on the config,
 * tested on the way to the re-send and set to true before it, lets the request go again once.
 * The names of such flags, and whether a node tests one.
 */
function onceFlag(configs: ReadonlySet<Variable>, errors: ReadonlySet<Variable>, ctx: AnalysisContext): (call: Node, fn: FunctionNode) => ((node: Node) => boolean) | undefined {
  return (call, fn) => {
    const flags = new Set<string>();
    walk(fn.body, ctx.keys, (node) => {
      if (node.range[0] >= call.range[0]) return false;
      if (node.type !== 'AssignmentExpression' || node.operator !== '=' || node.left.type !== 'MemberExpression') return undefined;
      const value = unwrap(node.right);
      const prop = propertyName(node.left);
      if (prop !== undefined && value.type === 'Literal' && value.value === true && isConfig(node.left.object, errors, configs, ctx)) flags.add(prop);
      return undefined;
    });
    if (flags.size === 0) return undefined;
    return (node) => node.type === 'MemberExpression' && flags.has(propertyName(node) ?? '') && isConfig(node.object, errors, configs, ctx);
  };
}

/**
 * The request's config is kept from one failure to the next: a count kept on it, or a call
 * handed it or the error (`shouldRetry(config)`, `policy.decide(error)`), may stop the retry
 * in a way the analysis does not read. Reads of it in a test, and such calls, before the
 * re-send (other than the re-send itself, `Promise.reject(error)` and logging), leave the
 * limit unknown rather than none.
 */
function mayCount(instance: Instance, configs: ReadonlySet<Variable>, errors: ReadonlySet<Variable>, ctx: AnalysisContext): (call: Node, fn: FunctionNode) => boolean {
  // A field of the config read in a test (`config.tries < 3`, `config.method === 'get'`); not a
  // look at whether there is one (`if (!error.config)`).
  const field = (n: Node) => n.type === 'MemberExpression' && isConfig(n.object, errors, configs, ctx);
  const reads = (node: Node, matches: (n: Node) => boolean) => {
    let found = false;
    walk(node, ctx.keys, (n) => {
      if (found) return false;
      if (matches(n)) found = true;
      return undefined;
    });
    return found;
  };
  const handed = (n: Node) => isConfig(n, errors, configs, ctx) || (n.type === 'Identifier' && rootedIn(n, errors, ctx));
  return (call, fn) => {
    let found = false;
    walk(fn.body, ctx.keys, (node) => {
      if (found || node === call || node.range[0] >= call.range[1]) return false;
      if ((node.type === 'IfStatement' || node.type === 'ConditionalExpression' || node.type === 'WhileStatement') && reads(node.test, field)) found = true;
      if (node.type === 'LogicalExpression' && reads(node.left, field)) found = true;
      if (node.type === 'CallExpression' && !quiet(node, instance, ctx) && node.arguments.some((a) => a.type !== 'SpreadElement' && !contains(a, call) && reads(a, handed))) found = true;
      return undefined;
    });
    return found;
  };
}

/** `Promise.reject(error)`, `console.warn(…, error)`, a re-send through the instance: calls that decide nothing. */
function quiet(call: TSESTree.CallExpression, instance: Instance, ctx: AnalysisContext): boolean {
  const name = dottedName(call.callee) ?? '';
  if (name === 'Promise.reject' || name === 'Promise.resolve' || /^console\./.test(name)) return true;
  const callee = unwrap(call.callee);
  return isInstance(callee, instance, ctx) || (callee.type === 'MemberExpression' && isInstance(callee.object, instance, ctx));
}
