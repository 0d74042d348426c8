// Async recursion with an attempt parameter and a fixed wait.
import { ledger } from './infra';

export async function postEntry(entry: { id: string; amount: number }, attempt = 0): Promise<void> {
  try {
    await ledger.append(entry);
  } catch (err) {
    if (attempt >= 2) throw err;
    await new Promise((r) => setTimeout(r, 1500));
    return postEntry(entry, attempt + 1);
  }
}
