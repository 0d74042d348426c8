import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { lintableComponents } from '../src/check/components.js';
import { runCheck as check } from './run-check.js';

/** `.vue` and `.svelte` script blocks: linted where the framework's parser loads, named in a note where it does not. */

const VUE = `<template><p>{{ n }}</p></template>

<script setup lang="ts">
import { ref } from 'vue';
const n = ref(0);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function load(): Promise<void> {
  for (let i = 0; i < 4; i++) {
    try {
      n.value = Number(await (await fetch('/n')).text());
      return;
    } catch {
      await sleep(500);
    }
  }
}
load();
</script>
`;

const SVELTE = `<script>
  let n = 0;
  async function load() {
    while (true) {
      try {
        n = Number(await (await fetch('/n')).text());
        return;
      } catch {
        await new Promise((r) => setTimeout(r, 250));
      }
    }
  }
  load();
</script>

<p>{n}</p>
`;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'retry-hygiene-components-'));
  writeFileSync(join(dir, 'Counter.vue'), VUE);
  writeFileSync(join(dir, 'Counter.svelte'), SVELTE);
  writeFileSync(join(dir, 'plain.ts'), 'export const x = 1;\n');
});

describe('check on single-file components', () => {
  it("lints the <script> blocks of .vue and .svelte files, at their lines in the whole file, with the herd", async () => {
    const { code, stdout } = await check(['.', '--format', 'json'], dir);
    expect(code).toBe(1);
    const results = JSON.parse(stdout) as { filePath: string; messages: { ruleId: string; line: number; column: number; outageMs?: number }[] }[];
    const found = results.flatMap((r) => r.messages.map((m) => `${r.filePath.slice(dir.length + 1)}:${m.line}:${m.column} ${m.ruleId}`)).sort();
    expect(found).toEqual([
      'Counter.svelte:4:5 retry-hygiene/no-fixed-sleep-retry',
      'Counter.svelte:4:5 retry-hygiene/no-unbounded-retry',
      'Counter.vue:8:3 retry-hygiene/no-fixed-sleep-retry',
    ]);
    // The herd of the Vue loop: half its three 500 ms waits.
    expect(results.find((r) => r.filePath.endsWith('Counter.vue'))!.messages[0]!.outageMs).toBe(750);
  });

  it('lints a component from standard input with --stdin-filename', async () => {
    const { code, stdout } = await check(['--stdin', '--stdin-filename', 'Counter.vue', '--format', 'json', '--no-herd'], dir, { readStdin: async () => VUE });
    expect(code).toBe(1);
    expect((JSON.parse(stdout) as { messages: { line: number; ruleId: string }[] }[])[0]!.messages.map((m) => [m.line, m.ruleId])).toEqual([[8, 'retry-hygiene/no-fixed-sleep-retry']]);
  });

  it('leaves out the components whose parser is not installed, and names the parser in one note per framework', () => {
    const notes: string[] = [];
    const files = ['a/One.vue', 'a/Two.vue', 'a/x.ts', 'a/Three.svelte'].map((f) => join(dir, f));
    const kept = lintableComponents(files, dir, dir, (n) => void notes.push(n), () => ({ parsers: {} }));
    expect(kept).toEqual([join(dir, 'a/x.ts')]);
    expect(notes).toEqual([
      '2 .vue files not linted (a/One.vue, …): install vue-eslint-parser in the project to lint their <script> blocks',
      '1 .svelte file not linted (a/Three.svelte): install svelte-eslint-parser in the project to lint their <script> blocks',
    ]);
  });
});
