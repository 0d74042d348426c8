import type { TSESTree } from '@typescript-eslint/utils';
import { describe, expect, it } from 'vitest';
import type { Node } from '../src/ast.js';
import { pollsStoredState } from '../src/polling/stored-state.js';
import { isCallOf, parse } from './program.js';

/** Whether the file's one `while` loop waits for a state its operation (the call of `op`) reports. */
function polls(code: string): boolean {
  const { ctx, find } = parse(code);
  const loop = find((n: Node): n is TSESTree.WhileStatement => n.type === 'WhileStatement');
  return pollsStoredState(loop, find(isCallOf('op')), ctx);
}

describe('a loop that waits for a state its operation reports', () => {
  it('a field of the result kept in the variable the test reads: polling', () => {
    expect(polls(`export async function f(op: () => Promise<{ stage: string }>) {
  let stage: string | undefined;
  while (stage !== 'done') {
    try { const r = await op(); stage = r.stage; } catch {}
  }
}`)).toBe(true);
    expect(polls(`export async function f(op: () => Promise<{ job: { state: string } }>) {
  let state = 'queued';
  while (state === 'queued' || state === 'running') {
    state = (await op()).job.state;
  }
}`)).toBe(true);
  });

  it('the result itself kept: the test asks whether the call answered, a retry', () => {
    expect(polls(`export async function f(op: () => Promise<Response>) {
  let res: Response | undefined;
  while (!res) {
    try { res = await op(); } catch {}
  }
}`)).toBe(false);
  });

  it('a constant set on success, or a field written only on the failure path: a retry', () => {
    expect(polls(`export async function f(op: () => Promise<{ ok: boolean }>) {
  let done = false;
  while (!done) {
    try { await op(); done = true; } catch {}
  }
}`)).toBe(false);
    expect(polls(`export async function f(op: () => Promise<{ code: number }>) {
  let code = 0;
  while (code !== 200) {
    try { await op(); } catch (e) { code = (e as { code: number }).code; }
  }
}`)).toBe(false);
  });
});
