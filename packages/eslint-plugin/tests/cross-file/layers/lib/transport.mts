// The one module that waits: a request retried with jittered exponential backoff.
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function sendWithRetry(url: string, body: string): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await fetch(url, { method: 'POST', body });
      if (res.status >= 500) throw new Error(`server error ${res.status}`);
      return res;
    } catch (err) {
      if (attempt >= 4) throw err;
      await pause(Math.random() * 100 * 2 ** attempt);
    }
  }
}

export async function sendOnce(url: string, body: string): Promise<Response> {
  return fetch(url, { method: 'POST', body });
}
