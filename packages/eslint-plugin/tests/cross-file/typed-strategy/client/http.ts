export type RetryConfig = {
  retries: number;
  retryDelay?: (attempt: number, error: Error & { headers?: Record<string, string> }) => number;
};

export type LogConfig = { level: string; flushMs: number };

export class HttpClient {
  public retry?: RetryConfig;

  public async request(url: string): Promise<Response> {
    const retry = this.retry;
    if (!retry?.retries) return fetch(url);
    for (let attempt = 1; ; attempt++) {
      try {
        return await fetch(url);
      } catch (thrown) {
        if (attempt > retry.retries) throw thrown;
        const delay = retry.retryDelay?.(attempt, thrown as Error) ?? 0;
        if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }
}

/** A parameter of the type, read by a loop of a function. */
export async function send(url: string, policy: RetryConfig): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(url, { method: 'POST' });
    } catch (thrown) {
      if (attempt > policy.retries) throw thrown;
      await new Promise((resolve) => setTimeout(resolve, policy.retryDelay ? policy.retryDelay(attempt, thrown as Error) : 0));
    }
  }
}
