// Two helpers of the same shape; the second retries a wrapped function, not what it is given.
export async function withRetries(operation, retries = 3) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await operation();
    } catch (error) {
      if (attempt >= retries) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

export async function withTracedRetries(operation, retries = 3) {
  operation = traced(operation);
  for (let attempt = 0; ; attempt++) {
    try {
      return await operation();
    } catch (error) {
      if (attempt >= retries) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

function traced(fn) {
  return () => fn();
}
