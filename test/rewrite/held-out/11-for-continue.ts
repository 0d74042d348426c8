// A for loop that retries with `continue` after the pause, and breaks out on success.
import { payments } from './infra';

export async function capture(paymentId: string) {
  let result;
  for (let attempt = 1; attempt <= 3; attempt++) {
    try {
      result = await payments.capture(paymentId);
    } catch (err) {
      if (attempt === 3) throw err;
      await new Promise((r) => setTimeout(r, 1000));
      continue;
    }
    break;
  }
  return result;
}
