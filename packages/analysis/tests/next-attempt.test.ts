import { describe, expect, it } from 'vitest';
import { nextAttemptInputs, type NextAttempt } from '../src/inputs/next-attempt.js';
import { isCallOf, isCatchBody, isFunctionNamed, parse } from './program.js';

/** The answer for the function `name`'s self-call (the last call of it in the file) from its catch block. */
function answer(code: string, name: string): NextAttempt {
  const { ctx, find } = parse(code);
  const fn = find(isFunctionNamed(name));
  let calls = 0;
  while (true) {
    try {
      find(isCallOf(name), calls);
      calls++;
    } catch {
      break;
    }
  }
  const back = find(isCallOf(name), calls - 1);
  return nextAttemptInputs({ fn, back, leaves: back, failure: find(isCatchBody), ctx });
}

describe('the inputs of the next attempt against this one', () => {
  it('an argument left out that the way back tests and the attempt reads: another request', () => {
    const code = `
export async function put(key: string, version?: number) {
  try {
    return await kv.write(key, version);
  } catch (e) {
    if (version) return put(key);
    throw e;
  }
}`;
    expect(answer(code, 'put')).toBe('other-request');
  });

  it('the same argument left out of a guard that leaves before the call: another request', () => {
    const code = `
export async function put(key: string, version?: number) {
  try {
    return await kv.write(key, version);
  } catch (e) {
    if (version === undefined) throw e;
    return put(key);
  }
}`;
    expect(answer(code, 'put')).toBe('other-request');
  });

  it('a flag only the way back reads: the same request once more', () => {
    const code = `
export async function put(key: string, retried = false) {
  try {
    return await kv.write(key);
  } catch (e) {
    if (!retried && e.code === 'BUSY') return put(key, true);
    throw e;
  }
}`;
    expect(answer(code, 'put')).toBe('one-shot');
  });

  it('a field of this set to null before the call, tested on the way and read by the attempt: another request', () => {
    const code = `
class Feed {
  async pull(): Promise<string> {
    try {
      return await read(this.cursor);
    } catch (e) {
      if (this.cursor !== null) { this.cursor = null; return this.pull(); }
      throw e;
    }
  }
}`;
    expect(answer(code, 'pull')).toBe('other-request');
  });

  it('the same inputs, or a counter stepped: the same', () => {
    const same = `
export async function put(key: string, version?: number) {
  try {
    return await kv.write(key, version);
  } catch (e) {
    if (e.code === 'BUSY') return put(key, version);
    throw e;
  }
}`;
    expect(answer(same, 'put')).toBe('same');
    const counted = `
export async function put(key: string, n = 0) {
  try {
    return await kv.write(key);
  } catch (e) {
    if (n < 3) return put(key, n + 1);
    throw e;
  }
}`;
    expect(answer(counted, 'put')).toBe('same');
  });

  it('a constant that leaves the test true, or a test it does not decide: the same', () => {
    const reset = `
export async function put(key: string, n = 0) {
  try {
    return await kv.write(key);
  } catch (e) {
    if (n < 3) return put(key, 0);
    throw e;
  }
}`;
    expect(answer(reset, 'put')).toBe('same');
    const undecided = `
export async function put(key: string, version?: number) {
  try {
    return await kv.write(key, version);
  } catch (e) {
    if (e.code === 'BUSY' || version) return put(key);
    throw e;
  }
}`;
    expect(answer(undecided, 'put')).toBe('same');
  });

  it('strict comparisons tell null from undefined', () => {
    const code = (arg: string) => `
export async function put(key: string, tag?: string | null) {
  try {
    return await kv.write(key, tag);
  } catch (e) {
    if (tag !== undefined) return put(key, ${arg});
    throw e;
  }
}`;
    expect(answer(code('undefined'), 'put')).toBe('other-request');
    expect(answer(code('null'), 'put')).toBe('same');
  });

  it('a test that refuses the way back whatever the input says nothing of the input', () => {
    const code = `
const ENABLED = 0;
export async function put(key: string, version?: number) {
  try {
    return await kv.write(key, version);
  } catch (e) {
    if (ENABLED && version) return put(key);
    throw e;
  }
}`;
    expect(answer(code, 'put')).toBe('same');
  });

  it('an input the attempt writes again does not stay closed: the same', () => {
    const field = `
class Feed {
  async pull(): Promise<string> {
    this.cursor = this.cursor ?? (await latest());
    try {
      return await read(this.cursor);
    } catch (e) {
      if (this.cursor !== null) { this.cursor = null; return this.pull(); }
      throw e;
    }
  }
}`;
    expect(answer(field, 'pull')).toBe('same');
    const parameter = `
export async function put(key: string, version?: number) {
  version ??= await latest(key);
  try {
    return await kv.write(key, version);
  } catch (e) {
    if (version) return put(key);
    throw e;
  }
}`;
    expect(answer(parameter, 'put')).toBe('same');
  });

  it('a part of the input handed down in its place: another request (a descent)', () => {
    const code = `
export async function resolve({ ref, depth }: { ref: string; depth: number }): Promise<string> {
  try {
    return await lookup(ref);
  } catch (e) {
    const alias = aliasOf(e);
    if (!alias || depth > 3) throw e;
    return resolve({ ref: alias, depth: depth + 1 });
  }
}`;
    expect(answer(code, 'resolve')).toBe('other-request');
  });

  it('a value from elsewhere in its place: another request (an answer read from the user)', () => {
    const code = `
export async function run(name: string, opts: object) {
  try {
    return await start(name, opts);
  } catch (e) {
    const suggestion = await ask("did you mean…?");
    if (!suggestion) throw e;
    return run(suggestion, opts);
  }
}`;
    expect(answer(code, 'run')).toBe('other-request');
  });

  it('a value made from the input, through a normalised copy or a computed step: the same', () => {
    const normalised = `
export async function attempt(input: { max?: number; current?: number }, op: () => Promise<void>) {
  const options = { max: input.max ?? 3, current: input.current ?? 1 };
  try {
    return await op();
  } catch (e) {
    if (options.current >= options.max) throw e;
    options.current++;
    return attempt(options, op);
  }
}`;
    expect(answer(normalised, 'attempt')).toBe('same');
    const step = `
export async function pull(retryTime: number, op: (t: number) => Promise<void>) {
  const next = Math.min(retryTime * 2, 30000);
  try {
    return await op(retryTime);
  } catch (e) {
    await sleep(retryTime);
    return pull(next, op);
  }
}`;
    expect(answer(step, 'pull')).toBe('same');
  });

  it('steps of a counter and a wait, the input itself passed on: the same', () => {
    const positional = `
export async function send(body: string, left: number, wait: number) {
  try {
    return await post(body);
  } catch (e) {
    if (left <= 0) throw e;
    await sleep(wait);
    return send(body, left - 1, wait * 2);
  }
}`;
    expect(answer(positional, 'send')).toBe('same');
    const options = `
export async function send({ body, attempt }: { body: string; attempt: number }) {
  try {
    return await post(body, attempt);
  } catch (e) {
    if (attempt > 4) throw e;
    return send({ body, attempt: attempt + 1 });
  }
}`;
    expect(answer(options, 'send')).toBe('same');
  });
});
