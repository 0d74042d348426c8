// Lints the examples in docs/rules/*.md, so the docs cannot drift from the rules' behaviour.
//
// Convention (also stated in each doc's "How the examples are checked" section):
// - A heading whose text contains ❌ holds incorrect examples; one containing ✅ holds correct
//   ones. Every fenced js/ts/jsx/tsx block after such a heading, until the next heading of the
//   same or a higher level (fewer or equal `#`), belongs to it. A plain subheading inside an
//   `## ❌ Incorrect` section only groups its examples; a subheading with its own ❌/✅ wins
//   for its blocks (e.g. `### ✅ Not a retry` under `## ✅ Correct`, or under `## Options`).
// - An ❌ block must get at least one report from the doc's rule; a ✅ block must get none.
//   Every block must parse. Only the doc's own rule is enabled (on top of the recommended
//   config, which also sets the TypeScript parser for .ts/.tsx).
// - The fence language picks the file name: js/javascript → x.js, jsx → x.jsx,
//   ts/typescript → x.ts, tsx → x.tsx. Other fences (text, sh, json) are not linted.
// - Rule options for a block go in the fence info after the language, as JSON:
//   ```ts options={"maxAttempts": 5}
// - `file=<path from the repository root>` in the fence info lints the block as that file, so
//   that its relative imports resolve to the repository's modules (a helper in another file).
// - Fenced js/ts blocks outside ❌/✅ sections (config examples) must still parse.
// - Suggestion examples: a block whose fence info has `suggestion=N` is the code before, the
//   next block (fence info `after`) the code after applying the N-th suggestion of the doc
//   rule's first finding in it; the doc names that suggestion as `Suggestion N: **title**`.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import plugin, { type RuleName } from '../src/index.js';

const docsDir = fileURLToPath(new URL('../docs/rules/', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const ruleIds = (Object.keys(plugin.rules) as RuleName[]).sort();
const PREFIX = 'retry-hygiene/';

const FILENAME_BY_LANGUAGE: Record<string, string> = {
  js: 'x.js',
  javascript: 'x.js',
  jsx: 'x.jsx',
  ts: 'x.ts',
  typescript: 'x.ts',
  tsx: 'x.tsx',
};

type Kind = 'incorrect' | 'correct' | 'other';

interface Block {
  kind: Kind;
  /** Language from the fence (`ts`, `js`, …). */
  language: string;
  filename: string | undefined;
  options: unknown;
  code: string;
  /** 1-based line of the opening fence in the .md file. */
  line: number;
  /** Heading text the block sits under (for test names). */
  heading: string;
  /** `suggestion=N` in the fence info: the block is the code before the N-th suggestion. */
  suggestion: number | undefined;
  /** `after` in the fence info: the code after the previous block's suggestion. */
  after: boolean;
}

interface Doc {
  file: string;
  rule: string;
  text: string;
  headings: { level: number; text: string }[];
  blocks: Block[];
}

function kindOf(heading: string): Kind | undefined {
  const bad = heading.includes('❌');
  const good = heading.includes('✅');
  if (bad && good) throw new Error(`heading "${heading}" has both ❌ and ✅`);
  return bad ? 'incorrect' : good ? 'correct' : undefined;
}

/** Headings and fenced blocks of a Markdown file, with each block's ❌/✅ section. */
function parseDoc(file: string, text: string): Doc {
  const lines = text.split('\n');
  const headings: Doc['headings'] = [];
  const blocks: Block[] = [];
  // Open ❌/✅ headings, outermost first; the innermost one decides a block's kind.
  const open: { level: number; kind: Kind; text: string }[] = [];
  let lastHeading = '';
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const fence = /^(\s{0,3})(`{3,}|~{3,})\s*([^`\s]*)\s*(.*)$/.exec(line);
    if (fence) {
      const marker = fence[2] ?? '```';
      const language = (fence[3] ?? '').toLowerCase();
      const info = (fence[4] ?? '').trim();
      const start = i;
      const body: string[] = [];
      for (i++; i < lines.length && !new RegExp(`^\\s{0,3}${marker[0]}{${marker.length},}\\s*$`).test(lines[i] ?? ''); i++) {
        body.push(lines[i] ?? '');
      }
      if (i >= lines.length) throw new Error(`${file}:${start + 1}: unclosed code fence`);
      let options: unknown;
      const optionsMatch = /(?:^|\s)options=(.*)$/.exec(info);
      if (optionsMatch) {
        try {
          options = JSON.parse(optionsMatch[1] ?? '');
        } catch (error) {
          throw new Error(`${file}:${start + 1}: options in the fence info are not JSON: ${(error as Error).message}`);
        }
      }
      const section = open[open.length - 1];
      // `file=fixtures/cross-file/x.ts`: linted under that path, so its relative imports are the repository's modules.
      const placed = /(?:^|\s)file=(\S+)/.exec(info)?.[1];
      blocks.push({
        kind: section?.kind ?? 'other',
        language,
        filename: FILENAME_BY_LANGUAGE[language] && (placed ? join(repoRoot, placed) : FILENAME_BY_LANGUAGE[language]),
        options,
        code: body.join('\n') + '\n',
        line: start + 1,
        heading: section?.text ?? lastHeading,
        suggestion: /(?:^|\s)suggestion=(\d+)(?:\s|$)/.test(info) ? Number(/suggestion=(\d+)/.exec(info)?.[1]) : undefined,
        after: /(?:^|\s)after(?:\s|$)/.test(info),
      });
      continue;
    }
    const heading = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const level = (heading[1] ?? '').length;
    const headingText = heading[2] ?? '';
    headings.push({ level, text: headingText });
    lastHeading = headingText;
    while (open.length > 0 && (open[open.length - 1]?.level ?? 0) >= level) open.pop();
    const kind = kindOf(headingText);
    if (kind) open.push({ level, kind, text: headingText });
  }
  return { file, rule: basename(file, '.md'), text, headings, blocks };
}

const docFiles = readdirSync(docsDir)
  .filter((name) => name.endsWith('.md'))
  .sort();
const docs = docFiles.map((name) => parseDoc(name, readFileSync(join(docsDir, name), 'utf8')));

const linter = new Linter({ cwd: repoRoot });

/** Lints a block with the recommended config, only `rule` enabled (none when undefined). */
function lintBlock(rule: string | undefined, block: Block): Linter.LintMessage[] {
  const rules: Linter.RulesRecord = {};
  for (const id of ruleIds) rules[PREFIX + id] = 'off';
  if (rule) rules[PREFIX + rule] = block.options === undefined ? 'error' : ['error', block.options];
  const config: Linter.Config[] = [...plugin.configs.recommended, ...plugin.configs.typescript, { name: 'docs-test/only-this-rule', rules }];
  return linter.verify(block.code, config, { filename: block.filename ?? 'x.js' });
}

/** Line `n` of a block's code as a line of the .md file (the fence is line `block.line`). */
function mdLine(block: Block, n: number): number {
  return block.line + n;
}

/** Messages with positions in the .md file, so a failure points at the line to edit. */
function show(file: string, block: Block, messages: readonly Linter.LintMessage[]): string {
  return messages.map((m) => `  ${file}:${mdLine(block, m.line)}:${m.column} ${m.ruleId ?? '(parser)'}: ${m.message}`).join('\n');
}

describe('rule docs: one per rule, one rule per doc', () => {
  it('every rule has docs/rules/<rule>.md', () => {
    expect(docs.map((d) => d.rule)).toEqual(expect.arrayContaining(ruleIds));
  });

  it('every doc documents a rule of the plugin', () => {
    expect(ruleIds).toEqual(expect.arrayContaining(docs.map((d) => d.rule)));
  });

  for (const rule of ruleIds) {
    it(`${rule}: meta.docs.url ends with docs/rules/${rule}.md`, () => {
      const url = plugin.rules[rule].meta?.docs?.url;
      expect(url).toMatch(new RegExp(`(^|/)docs/rules/${rule}\\.md$`));
    });
  }
});

for (const doc of docs) {
  const rule = doc.rule;
  const meta = (ruleIds as string[]).includes(rule) ? plugin.rules[rule as RuleName].meta : undefined;

  describe(`docs/rules/${doc.file}`, () => {
    it('has a title naming the rule and the rule description as its summary', () => {
      const title = doc.headings[0];
      expect(title?.level).toBe(1);
      expect(title?.text).toContain(rule);
      if (meta?.docs?.description) expect(doc.text).toContain(meta.docs.description);
    });

    it('has Why, Options and When not to use it sections', () => {
      const h2 = doc.headings.filter((h) => h.level === 2).map((h) => h.text);
      for (const section of ['Why', 'Options', 'When not to use it']) {
        expect(h2.some((h) => h.startsWith(section)), `missing "## ${section}"`).toBe(true);
      }
    });

    it('documents every option of the rule schema', () => {
      const schema = meta?.schema;
      const items = (Array.isArray(schema) ? schema : schema ? [schema] : []) as { properties?: Record<string, unknown> }[];
      const names = items.flatMap((s) => Object.keys(s.properties ?? {}));
      for (const name of names) expect(doc.text, `option \`${name}\` is not documented`).toContain(`\`${name}\``);
    });

    it('has at least one ❌ block and one ✅ block', () => {
      const linted = doc.blocks.filter((b) => b.filename);
      expect(linted.filter((b) => b.kind === 'incorrect').length).toBeGreaterThanOrEqual(1);
      expect(linted.filter((b) => b.kind === 'correct').length).toBeGreaterThanOrEqual(1);
    });

    doc.blocks.forEach((block, index) => {
      if (block.after && doc.blocks[index - 1]?.suggestion === undefined) {
        it(`${doc.file}: the "after" block at line ${block.line} follows a suggestion block`, () => {
          expect.fail(`${doc.file}:${block.line}: an \`after\` block must follow a \`suggestion=N\` block`);
        });
      }
      if (block.suggestion === undefined) return;
      const n = block.suggestion;
      it(`${doc.file} suggestion example at line ${block.line}: suggestion ${n} turns it into the next block`, () => {
        const after = doc.blocks[index + 1];
        expect(after?.after, `${doc.file}:${block.line}: the next block must be marked \`after\``).toBe(true);
        const finding = lintBlock(rule, block).find((m) => m.ruleId === PREFIX + rule);
        expect(finding, `${doc.file}:${block.line}: ${rule} reports nothing`).toBeDefined();
        const suggestion = finding?.suggestions?.[n - 1];
        expect(suggestion, `${doc.file}:${block.line}: the finding has no suggestion ${n}`).toBeDefined();
        expect(doc.text).toContain(`Suggestion ${n}: **${suggestion!.desc}**`);
        const { range, text } = suggestion!.fix;
        expect(block.code.slice(0, range[0]) + text + block.code.slice(range[1])).toBe(after!.code);
        // And the applied suggestion is no longer that finding.
        const messages = lintBlock(rule, after!);
        expect(messages.filter((m) => m.fatal)).toEqual([]);
        expect(messages.filter((m) => m.ruleId === PREFIX + rule).map((m) => m.message)).not.toContain(finding!.message);
      });
    });

    const counters: Record<Kind, number> = { incorrect: 0, correct: 0, other: 0 };
    for (const block of doc.blocks) {
      if (!block.filename) continue;
      const index = ++counters[block.kind];
      const label = block.kind === 'incorrect' ? '❌' : block.kind === 'correct' ? '✅' : 'other';
      const name = `${doc.file} ${label} block ${index} (line ${block.line}, ${block.filename}${block.options ? ` ${JSON.stringify(block.options)}` : ''})`;

      if (block.kind === 'other') {
        // Config examples and the like: not linted for findings, but they must parse.
        it(`${name} parses`, () => {
          const fatal = lintBlock(undefined, block).filter((m) => m.fatal);
          expect(fatal, `parse error:\n${show(doc.file, block, fatal)}`).toEqual([]);
        });
        continue;
      }

      it(name, () => {
        const messages = lintBlock(rule, block);
        const fatal = messages.filter((m) => m.fatal);
        expect(fatal, `parse error:\n${show(doc.file, block, fatal)}`).toEqual([]);
        const findings = messages.filter((m) => m.ruleId === PREFIX + rule);
        const others = messages.filter((m) => m.ruleId !== PREFIX + rule);
        expect(others, `unexpected messages from other sources:\n${show(doc.file, block, others)}`).toEqual([]);
        if (block.kind === 'incorrect') {
          expect(findings.length, `❌ example under "${block.heading}" (${doc.file}:${block.line}) reports nothing for ${rule}`).toBeGreaterThan(0);
        } else {
          expect(findings, `✅ example under "${block.heading}" (${doc.file}:${block.line}) is reported by ${rule}:\n${show(doc.file, block, findings)}`).toEqual([]);
        }
      });
    }
  });
}
