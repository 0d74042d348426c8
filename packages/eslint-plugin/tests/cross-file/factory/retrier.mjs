// A factory of retriers: the function it returns retries what it is given.
export function createRetrier(retries = 5) {
  return async (fn) => {
    for (let i = 0; i <= retries; i++) {
      try {
        return await fn();
      } catch (e) {
        if (i === retries) throw e;
        await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** i));
      }
    }
    return undefined;
  };
}
