// Result-based failure: the response is retried while it is not ok; the last one is returned.
export async function getRates(base: string): Promise<Response> {
  let res = await fetch(`https://rates.example/api/${base}`);
  for (let i = 0; i < 3 && !res.ok; i++) {
    await new Promise((r) => setTimeout(r, 500));
    res = await fetch(`https://rates.example/api/${base}`);
  }
  return res;
}
