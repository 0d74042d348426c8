import { describe, expect, it } from 'vitest';
import { mayHoldRetrySites } from '../src/analyze/text-gate.js';
import { parse } from './parse.js';

/** Whether the cheap text pre-check lets a file through to the analysis (no module host). */
const passes = (code: string) => mayHoldRetrySites(parse(code).ctx.sourceCode, false);

describe('text gate: a file that may hold a retry is read whatever its words', () => {
  it('a function that calls itself on a result that failed, with no loop, handler or timer word', () => {
    expect(passes(`export async function getAgain(url: string): Promise<Response> {
  const res = await fetch(url);
  if (!res.ok) return getAgain(url);
  return res;
}`)).toBe(true);
  });

  it('an arrow held in a constant that calls itself', () => {
    expect(passes(`export const pull = async (id: string): Promise<unknown> => {
  const res = await fetch('/items/' + id);
  return res.status === 503 ? pull(id) : res.json();
};`)).toBe(true);
  });

  it('a class method that calls itself through this', () => {
    expect(passes(`export class Feed {
  async next(cursor: string): Promise<unknown> {
    const res = await fetch('/feed?c=' + cursor);
    if (res.status >= 500) return this.next(cursor);
    return res.json();
  }
}`)).toBe(true);
  });

  it('functions that nothing in the file calls: nothing to read', () => {
    expect(passes(`export function area(w: number, h: number) {
  return w * h;
}
export const half = (n: number) => n / 2;
export const label = (n: number) => String(n / 2);`)).toBe(false);
  });
});
