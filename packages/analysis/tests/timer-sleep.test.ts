import { describe, expect, it } from 'vitest';
import type { FunctionNode } from '../src/ast.js';
import { sleepSummary, timerOfPromise } from '../src/summaries/timer-sleep.js';
import { all, fnNamed, parse } from './parse.js';

/** The text of the delay argument of the timer the summary names, or undefined when `name` is not a sleep. */
function sleepDelay(code: string, name: string): string | undefined {
  const { ctx } = parse(code);
  const summary = sleepSummary(fnNamed(ctx, name) as FunctionNode, ctx);
  return summary ? ctx.sourceCode.text.slice(...(summary.delay?.range ?? [0, 0])) : undefined;
}

describe('sleepSummary: settles after a timer, and only then', () => {
  it.each([
    ['an arrow returning the promise', `const nap = (ms: number) => new Promise((r) => setTimeout(r, ms));`, 'nap', 'ms'],
    ['a block returning it, the timer calling resolve in a callback', `function hold(s) { return new Promise((done) => { setTimeout(() => done(), s * 1000); }); }`, 'hold', 's * 1000'],
    ['an async function awaiting it as a statement', `async function idle(ms) { await new Promise((r) => setTimeout(r, ms)); }`, 'idle', 'ms'],
    ['resolving at once for no wait is a wait of nothing', `function rest(ms) { return new Promise((r) => { if (ms <= 0) return r(); setTimeout(r, ms); }); }`, 'rest', 'ms'],
    ['an abort signal that rejects early cancels the wait', `function pause(ms, signal) { return new Promise((resolve, reject) => { const t = setTimeout(resolve, ms); signal.addEventListener('abort', () => { clearTimeout(t); reject(signal.reason); }); }); }`, 'pause', 'ms'],
    ['a named abort listener that rejects, taken off again when the timer fires', `function pause(ms, signal) { return new Promise((resolve, reject) => { const onAbort = () => { clearTimeout(t); reject(signal.reason); }; const t = setTimeout(() => { signal.removeEventListener('abort', onAbort); resolve(); }, ms); signal.addEventListener('abort', onAbort, { once: true }); }); }`, 'pause', 'ms'],
    ['an early return of nothing before the wait', `async function after(ms) { if (!ms) return; await new Promise((r) => setTimeout(r, ms)); }`, 'after', 'ms'],
    ['a conditional that waits or gives back a resolved promise', `const maybe = (ms) => (ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve());`, 'maybe', 'ms'],
    ['an async helper that returns a plain value once it has waited', `async function waited(ms) { await new Promise((r) => setTimeout(r, ms)); return true; }`, 'waited', 'ms'],
    ['awaiting the promise timer of timers/promises, its wait the first argument', `import { setTimeout } from 'node:timers/promises'; export async function sleep(seconds: number) { await setTimeout(1000 * seconds); }`, 'sleep', '1000 * seconds'],
    ['returning a promise timer made with promisify', `import { promisify } from 'util'; const later = promisify(setTimeout); export function rest(ms: number) { return later(ms); }`, 'rest', 'ms'],
    ['a member of the timers/promises namespace', `import * as timers from 'timers/promises'; export const hold = (ms: number) => timers.setTimeout(ms);`, 'hold', 'ms'],
  ])('%s', (_, code, name, delay) => {
    expect(sleepDelay(code, name)).toBe(delay);
  });

  it.each([
    ['a watchdog: the timer rejects', `function within(p, ms) { return new Promise((resolve, reject) => { const t = setTimeout(() => reject(new Error('late')), ms); p.then((v) => { clearTimeout(t); resolve(v); }); }); }`, 'within'],
    ['the promise also resolves on another event', `function drained(out, ms) { return new Promise((resolve) => { setTimeout(resolve, ms); out.once('drain', resolve); }); }`, 'drained'],
    ['a named listener that also settles on another event', `function wait(ms, s) { return new Promise((resolve) => { const done = () => resolve(); setTimeout(resolve, ms); s.addEventListener('abort', done); s.on('close', done); }); }`, 'wait'],
    ['the promise rejects on an error event', `function quiet(s, ms) { return new Promise((resolve, reject) => { setTimeout(resolve, ms); s.on('error', reject); }); }`, 'quiet'],
    ['the executor starts work', `function sendThenWait(sock, ms) { return new Promise((r) => { sock.write('ping'); setTimeout(r, ms); }); }`, 'sendThenWait'],
    ['a loop around the wait', `async function spin(ms) { for (let i = 0; i < 3; i++) await new Promise((r) => setTimeout(r, ms)); }`, 'spin'],
    ['two promises settle it', `async function twice(ms) { await new Promise((r) => setTimeout(r, ms)); await new Promise((r) => setTimeout(r, ms)); }`, 'twice'],
    ['a timer that runs a callback, with no promise', `function later(fn, ms) { setTimeout(fn, ms); }`, 'later'],
    ['an async helper that returns a call once it has waited', `async function thenFetch(ms) { await new Promise((r) => setTimeout(r, ms)); return fetch('/x'); }`, 'thenFetch'],
    ['a conditional between a wait and work', `const either = (ms) => (ms > 0 ? new Promise((r) => setTimeout(r, ms)) : fetch('/x'));`, 'either'],
  ])('not a sleep: %s', (_, code, name) => {
    expect(sleepDelay(code, name)).toBeUndefined();
  });

  it('is read once per function: the same answer object', () => {
    const { ctx } = parse(`const nap = (ms) => new Promise((r) => setTimeout(r, ms));`);
    const fn = fnNamed(ctx, 'nap') as FunctionNode;
    expect(sleepSummary(fn, ctx)).toBe(sleepSummary(fn, ctx));
  });
});

describe('timerOfPromise: the inline form', () => {
  it('names the timer that resolves, not the watchdog beside it', () => {
    const { ctx } = parse(`new Promise((resolve, reject) => { setTimeout(resolve, 100); });\nnew Promise((resolve, reject) => { setTimeout(resolve, 100); setTimeout(() => reject(new Error('x')), 50); });`);
    const [plain, guarded] = all(ctx, 'NewExpression');
    const timer = plain && timerOfPromise(plain, ctx);
    expect(timer && ctx.sourceCode.text.slice(...timer.range)).toBe('setTimeout(resolve, 100)');
    expect(guarded && timerOfPromise(guarded, ctx)).toBeUndefined();
  });

  it('a promise of something else is not a timer promise', () => {
    const { ctx } = parse(`new Map([[1, 2]]); new Promise((r) => r(1));`);
    expect(all(ctx, 'NewExpression').map((n) => timerOfPromise(n, ctx))).toEqual([undefined, undefined]);
  });
});
