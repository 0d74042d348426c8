import * as assist from './lib/index.js';

function parse(text: string): { ok: boolean; value?: unknown } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

export async function answer(prompt: string): Promise<unknown> {
  const client = new assist.Assistant('https://llm.example');
  let parsed = parse(await client.complete(prompt));
  let tries = 0;
  while (!parsed.ok && tries < 3) {
    parsed = parse(await client.complete(prompt));
    tries++;
  }
  return parsed.value;
}

export async function echoed(prompt: string): Promise<unknown> {
  const client = new assist.Echo('https://echo.example');
  let parsed = parse(await client.complete(prompt));
  let tries = 0;
  while (!parsed.ok && tries < 3) {
    parsed = parse(await client.complete(prompt));
    tries++;
  }
  return parsed.value;
}
