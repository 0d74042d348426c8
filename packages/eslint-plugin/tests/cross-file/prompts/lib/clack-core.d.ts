// The part of @clack/core's API the fixture uses (the package is not installed here).
declare module '@clack/core' {
  interface PromptOptions {
    render(): string | undefined;
    active?: string;
    inactive?: string;
  }
  export class TextPrompt {
    constructor(options: PromptOptions);
    prompt(): Promise<string | symbol>;
  }
  export class ConfirmPrompt {
    constructor(options: PromptOptions);
    prompt(): Promise<boolean | symbol>;
  }
  export function isCancel(value: unknown): value is symbol;
}
