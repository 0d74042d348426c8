const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

class Feed {
  async pull(url: string): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await fetch(url);
      } catch (err) {
        if (attempt >= 2) throw err;
        await wait(Math.random() * 100 * 2 ** attempt);
      }
    }
  }
}

interface Sources {
  feed: Feed;
}

export async function refresh(sources: Sources, url: string) {
  for (let i = 0; i < 4; i++) {
    try {
      return await sources.feed.pull(url);
    } catch {
      await wait(Math.random() * 500);
    }
  }
}
