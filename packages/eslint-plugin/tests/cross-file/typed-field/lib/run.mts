export interface Step {
  run(): Promise<string[]>;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Runs a step, again after a jittered pause when it fails: up to 4 attempts.
export async function runStep(step: Step): Promise<string[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step.run();
    } catch (error) {
      if (attempt >= 4) throw error;
      await pause(Math.random() * 100 * 2 ** attempt);
    }
  }
}

// The same with the number of attempts the caller gives.
export async function runStepTimes(step: Step, times: number): Promise<string[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step.run();
    } catch (error) {
      if (attempt >= times) throw error;
      await pause(Math.random() * 100 * 2 ** attempt);
    }
  }
}

export function describeStep(step: Step): string {
  return String(step);
}
