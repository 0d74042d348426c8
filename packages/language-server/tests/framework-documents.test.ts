/**
 * `.vue` and `.svelte` documents: checked with the project's own parser only where the client
 * allows the project's code to run (initializationOptions.projectParsers: VS Code's trusted
 * workspace), skipped with a reason otherwise.
 */
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LintEngine, lintFilename } from '../src/engine.js';
import { DEFAULT_SETTINGS } from '../src/settings.js';

// A folder of this repository: its node_modules hold the parsers, as a Vue or Svelte project's do.
const folder = fileURLToPath(new URL('./', import.meta.url));
const uri = (name: string) => pathToFileURL(`${folder}${name}`).href;

const VUE = `<template><p>{{ n }}</p></template>
<script setup lang="ts">
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function load(): Promise<number> {
  while (true) {
    try {
      return Number(await (await fetch('/n')).text());
    } catch {
      await sleep(500);
    }
  }
}
load();
</script>
`;

const SVELTE = `<script>
  async function load() {
    for (let i = 0; i < 3; i++) {
      try {
        return await fetch('/n');
      } catch {
        await new Promise((r) => setTimeout(r, 100 * 2 ** i));
      }
    }
  }
</script>
`;

function engine(projectParsers: boolean): LintEngine {
  const e = new LintEngine();
  e.configure({ ...DEFAULT_SETTINGS, projectParsers });
  return e;
}

describe('framework documents', () => {
  it('names them by their own extension, or by the vue / svelte language id', () => {
    expect(lintFilename(uri('Card.vue'), 'vue')).toBe('Card.vue');
    expect(lintFilename('untitled:Untitled-1', 'svelte')).toBe('document.svelte');
  });

  it("checks a .vue and a .svelte document's <script> block with the project's parser, findings at their lines in the file, with the sites and quick fixes", () => {
    const e = engine(true);
    const vue = e.lint(uri('Card.vue'), 1, VUE, 'Card.vue');
    expect(vue.status).toBe('ok');
    expect(vue.messages.map((m) => [m.line, m.column, m.ruleId])).toEqual([
      [5, 3, 'retry-hygiene/no-fixed-sleep-retry'],
      [5, 3, 'retry-hygiene/no-unbounded-retry'],
    ]);
    expect(vue.sites.map((s) => [s.kind, s.loc.start.line, s.policy.delay])).toEqual([['loop', 5, { kind: 'constant', baseMs: 500 }]]);
    expect(vue.messages[0]!.suggestions?.map((s) => s.desc)).toEqual(['Add full jitter: wait a random time between 0 and `500`', 'Rewrite with retry() (stops after 5 attempts)']);
    const svelte = e.lint(uri('Card.svelte'), 1, SVELTE, 'Card.svelte');
    expect(svelte.messages.map((m) => [m.line, m.ruleId])).toEqual([[3, 'retry-hygiene/require-jitter']]);
  });

  it("skips them, saying why, where the client does not allow the project's parser to load", () => {
    const skipped = engine(false).lint(uri('Card.vue'), 1, VUE, 'Card.vue');
    expect(skipped).toMatchObject({
      status: 'skipped',
      messages: [],
      sites: [],
      problem: {
        message: "retry-hygiene skipped this .vue file: its vue-eslint-parser is loaded only where the client allows the project's code to run (in VS Code, a trusted workspace) to check its <script> blocks.",
        line: 1,
        column: 1,
      },
    });
  });

  it('skips them where the project has no parser (a file outside any project with one)', () => {
    const skipped = engine(true).lint('file:///nowhere/Card.vue', 1, VUE, 'Card.vue');
    expect(skipped.status).toBe('skipped');
    expect(skipped.problem?.message).toBe('retry-hygiene skipped this .vue file: install vue-eslint-parser in the project to check its <script> blocks.');
  });
});
