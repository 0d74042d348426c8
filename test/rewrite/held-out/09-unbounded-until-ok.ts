// Polls a health endpoint until it answers ok, for ever, with a fixed pause.
export async function waitForService(url: string): Promise<Response> {
  while (true) {
    try {
      const res = await fetch(url);
      if (res.ok) return res;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 2000));
  }
}
