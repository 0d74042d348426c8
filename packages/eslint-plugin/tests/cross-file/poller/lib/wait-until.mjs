const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Calls `check` every `interval` ms until it returns something truthy, or rejects after `timeout`. */
export function waitUntil(check, { interval = 200, timeout = 5000 } = {}) {
  let settled = false;
  let timer;
  const tick = async (resolve, reject) => {
    if (settled) return;
    await pause(interval);
    try {
      const value = await check();
      if (value) {
        settled = true;
        clearTimeout(timer);
        return resolve(value);
      }
      tick(resolve, reject);
    } catch (error) {
      settled = true;
      clearTimeout(timer);
      reject(error);
    }
  };
  return new Promise((resolve, reject) => {
    tick(resolve, reject);
    timer = setTimeout(() => {
      if (!settled) {
        settled = true;
        reject(new Error('timed out'));
      }
    }, timeout);
  });
}

/** Asks `condition` up to `times` times, `every` ms apart. */
export async function pollFor(condition, times = 10, every = 250) {
  for (let i = 0; i < times; i++) {
    const answer = await condition();
    if (answer) return answer;
    await pause(every);
  }
  throw new Error('condition never held');
}

/** Calls `fn` once and reports what it gave. */
export async function once(fn) {
  const result = await fn();
  if (!result) console.warn('nothing');
  return result;
}
