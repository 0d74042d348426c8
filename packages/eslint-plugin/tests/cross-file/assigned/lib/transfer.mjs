// A transfer that retries by itself: five attempts, jittered exponential waits.
export async function send(name) {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return await fetch(`/objects/${name}`, { method: 'PUT' });
    } catch {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 200 * 2 ** attempt));
    }
  }
  throw new Error(`send ${name}`);
}
