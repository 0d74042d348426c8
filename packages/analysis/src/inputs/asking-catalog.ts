/**
 * Prompt APIs: the calls that wait for a person to answer, by module (data, read by
 * asks-user.ts). A name is the module's export (`import { input } from '@inquirer/prompts'`)
 * or a member of its default or namespace import (`inquirer.prompt`, `p.text`); `default` is
 * a default export that is itself the prompt (`prompts(q)`). Each row holds for the versions
 * named, as documented by the library.
 */
export interface AskingModule {
  /** Functions whose call asks. */
  functions?: readonly string[];
  /** Classes whose construction makes a prompt that is shown (`new TextPrompt(…).prompt()`). */
  classes?: readonly string[];
  /** A factory whose objects ask through these methods (`createInterface(…).question(q)`). */
  made?: { factory: string; methods: readonly string[] };
}

const INQUIRER_PROMPTS = ['input', 'select', 'confirm', 'checkbox', 'password', 'expand', 'editor', 'number', 'rawlist', 'search'] as const;
const READLINE: AskingModule = { made: { factory: 'createInterface', methods: ['question'] } };

export const ASKING_MODULES: Readonly<Record<string, AskingModule>> = {
  // inquirer 8–12: `inquirer.prompt(questions)`, `import { prompt }`.
  inquirer: { functions: ['prompt'] },
  // @inquirer/prompts 3–7, and each prompt's own package (`import input from '@inquirer/input'`).
  '@inquirer/prompts': { functions: INQUIRER_PROMPTS },
  ...Object.fromEntries(INQUIRER_PROMPTS.map((name) => [`@inquirer/${name}`, { functions: ['default'] }])),
  // prompts 2: `prompts(questions)`, `prompts.prompt(questions)`.
  prompts: { functions: ['default', 'prompt'] },
  // enquirer 2: `Enquirer.prompt(questions)`, `import { prompt }`.
  enquirer: { functions: ['prompt'] },
  // @clack/prompts 0.x: each prompt a function.
  '@clack/prompts': { functions: ['text', 'select', 'confirm', 'multiselect', 'password', 'groupMultiselect', 'selectKey', 'autocomplete', 'group'] },
  // @clack/core 0.x: the prompt classes the functions above are made of.
  '@clack/core': { classes: ['TextPrompt', 'SelectPrompt', 'ConfirmPrompt', 'MultiSelectPrompt', 'PasswordPrompt', 'SelectKeyPrompt', 'GroupMultiSelectPrompt', 'AutocompletePrompt'] },
  // read 1–4 (npm's): `read({ prompt })`.
  read: { functions: ['read', 'default'] },
  // Node's readline: `createInterface(…).question(q)`, callback or promise form.
  readline: READLINE,
  'node:readline': READLINE,
  'readline/promises': READLINE,
  'node:readline/promises': READLINE,
};

/** Functions a browser page has unbound (`prompt('Name?')`, `window.confirm('Again?')`). */
export const ASKING_GLOBALS: readonly string[] = ['prompt', 'confirm'];
