import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Linter } from 'eslint';
import plugin, { applyTextEdits, type MinimalEdit } from 'eslint-plugin-retry-hygiene';
import { describe, expect, it } from 'vitest';
import { runCheck as check } from './run-check.js';

const loop = (i: number) => `export async function load${i}() {
  while (true) {
    try {
      return await fetch('/x${i}');
    } catch {
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}
`;

/** About 1 MB of ordinary functions with four retry loops spread through it. */
function bigFile(): string {
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < 1024 * 1024; i++) {
    if (i % 5000 === 2500) parts.push(loop(i));
    const filler = `export function f${i}(a, b) { return a * ${i} + b; }\n`;
    parts.push(filler);
    size += filler.length;
  }
  return parts.join('');
}

interface JsonMessage {
  ruleId: string;
  line: number;
  suggestions?: { desc: string; messageId: string; edits: MinimalEdit[]; fix?: unknown }[];
}

describe('check --format json on a 1 MB file', () => {
  it('grows with the findings, not the file: suggestions as minimal edits that give what ESLint gives, no source', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'retry-hygiene-json-size-'));
    const code = bigFile();
    writeFileSync(join(dir, 'big.js'), code);
    const { code: exit, stdout } = await check(['big.js', '--no-herd', '-f', 'json'], dir);
    expect(exit).toBe(1);
    const [file] = JSON.parse(stdout) as { messages: JsonMessage[]; source?: string }[];
    const messages = file!.messages;
    expect(messages.map((m) => [m.ruleId, m.line])).toEqual(
      [...code.matchAll(/while \(true\)/g)].flatMap((m) => {
        const line = code.slice(0, m.index).split('\n').length;
        return [
          ['retry-hygiene/no-fixed-sleep-retry', line],
          ['retry-hygiene/no-unbounded-retry', line],
        ];
      }),
    );
    expect(messages).toHaveLength(8);
    // ESLint's merged fixes made it 5.3 MB; the source alone is 1 MB.
    expect(stdout.length).toBeLessThan(50_000 * messages.length);
    expect(stdout.length).toBeLessThan(20_000);
    expect('source' in file!).toBe(false);

    const eslint = new Linter({ configType: 'flat' }).verify(code, plugin.configs.recommended as Linter.Config[], { filename: 'big.js' });
    expect(eslint.map((m) => [m.ruleId, m.line])).toEqual(messages.map((m) => [m.ruleId, m.line]));
    let compared = 0;
    eslint.forEach((message, i) => {
      const ours = messages[i]!.suggestions ?? [];
      expect(ours.map((s) => s.desc)).toEqual((message.suggestions ?? []).map((s) => s.desc));
      (message.suggestions ?? []).forEach((suggestion, k) => {
        const { range, text } = suggestion.fix;
        expect('fix' in ours[k]!).toBe(false);
        expect(applyTextEdits(code, ours[k]!.edits)).toBe(code.slice(0, range[0]) + text + code.slice(range[1]));
        compared++;
      });
    });
    expect(compared).toBe(12);
    // The rewrite: the import at the top and the loop, apart.
    const rewrite = messages[0]!.suggestions!.find((s) => s.messageId === 'rewrite')!;
    expect(rewrite.edits.map((e) => [e.range[0] === 0, e.text.length < 300])).toEqual([
      [true, true],
      [false, true],
    ]);
    expect(rewrite.edits[0]).toEqual({ range: [0, 0], text: "import { retry } from '@retry-hygiene/retry';\n\n" });
    // Two lints of a megabyte (check's and ESLint's) on a shared machine: more than the default 30 s may pass.
  }, 120_000);
});
