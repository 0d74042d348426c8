import { ConfirmPrompt, TextPrompt, isCancel } from '@clack/core';

// The project's own prompt: a person types an answer (the class of a prompt library, shown here).
export async function ask(question: string): Promise<string> {
  const answer = await new TextPrompt({ render: () => question }).prompt();
  if (isCancel(answer)) throw new Error('cancelled');
  return String(answer);
}

// One prompt of the kind asked for: each way asks.
export async function question(kind: 'text' | 'yes-no', message: string): Promise<string | boolean> {
  if (kind === 'yes-no') return (await new ConfirmPrompt({ active: 'yes', inactive: 'no', render: () => message }).prompt()) === true;
  const answer = await new TextPrompt({ render: () => message }).prompt();
  return String(answer);
}

// Named like a prompt, asks nobody: it reads a file.
export async function promptText(path: string): Promise<string> {
  const res = await fetch(`file://${path}`);
  return res.text();
}
