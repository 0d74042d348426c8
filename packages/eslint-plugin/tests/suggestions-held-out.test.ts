// Issue 28's held-out retry shapes (test/rewrite/held-out: written fresh in common shapes, not
// tuned to the rewrite): every suggestion on them parses, removes its finding and type-checks
// as the fixtures' do, and on both sets at least 90 % of the hand-written retry sites the
// rules report offer "Rewrite with retry()" — the figure test/rewrite/coverage.mjs prints. The
// runtime half of the proof is suggestions-runtime.test.ts (its HELD_OUT cases).
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { analyzeRetrySites, type SourceCodeLike } from '@retry-hygiene/analysis';
import { lint, lastSourceCode, proveSuggestions } from './suggestion-proof.js';
import { introducedTypeErrors, type ProvedFile } from './type-proof.js';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const EXTENSIONS = new Set(['.js', '.mjs', '.cjs', '.jsx', '.ts', '.mts', '.cts', '.tsx']);

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = join(dir, e.name);
    return e.isDirectory() ? walk(full) : EXTENSIONS.has(extname(e.name)) ? [full] : [];
  });
}

interface Site {
  key: string;
  rules: Set<string>;
  rewrite: boolean;
}

/** The hand-written sites (loops, recursions, repeated calls) the rules report in a folder, as coverage.mjs counts them. */
function sitesOf(dir: string, prove: boolean): { sites: Site[]; files: ProvedFile[] } {
  const sites: Site[] = [];
  const files: ProvedFile[] = [];
  for (const absPath of walk(dir).sort()) {
    const code = readFileSync(absPath, 'utf8');
    const name = relative(dir, absPath).split(sep).join('/');
    const messages = lint(code, absPath);
    const kinds = new Map(analyzeRetrySites(lastSourceCode() as unknown as SourceCodeLike).map((s) => [`${s.loc.start.line}:${s.loc.start.column + 1}`, s.kind]));
    const bySite = new Map<string, Site>();
    for (const m of messages) {
      if (!m.ruleId?.startsWith('retry-hygiene/')) continue;
      const at = `${m.line}:${m.column}`;
      const kind = kinds.get(at);
      if (!kind || kind === 'library') continue;
      const site = bySite.get(at) ?? { key: `${name}:${at}`, rules: new Set<string>(), rewrite: false };
      site.rules.add(m.ruleId.slice('retry-hygiene/'.length));
      if ((m.suggestions ?? []).some((s) => s.desc.startsWith('Rewrite with retry()'))) site.rewrite = true;
      bySite.set(at, site);
    }
    // A site only no-nested-retry reports has a layer to choose, not a policy to rewrite.
    sites.push(...[...bySite.values()].filter((s) => !(s.rules.size === 1 && s.rules.has('no-nested-retry'))));
    if (prove) files.push({ name, absPath, code, applied: proveSuggestions(code, absPath) });
  }
  return { sites, files };
}

const heldOut = sitesOf(join(repoRoot, 'test/rewrite/held-out'), true);

describe('suggestions on the held-out shapes', () => {
  it('are 25 files with at least 20 reported sites', () => {
    expect(heldOut.files.length).toBe(25);
    expect(heldOut.sites.length).toBeGreaterThanOrEqual(20);
  });

  it('every suggestion parses and removes the finding it is offered for', () => {
    const failures = heldOut.files.flatMap((f) => f.applied.filter((a) => a.problems.length > 0).map((a) => `${f.name}:${a.line} ${a.rule} "${a.desc}": ${a.problems.join('; ')}`));
    expect(failures).toEqual([]);
    expect(heldOut.files.reduce((n, f) => n + f.applied.length, 0)).toBeGreaterThan(40);
  });

  it('no TypeScript output has a type error its original did not have', () => {
    const { pairs, introduced } = introducedTypeErrors(heldOut.files);
    expect(pairs).toBeGreaterThan(20);
    expect(introduced).toEqual([]);
  });
});

describe("issue 28's figure: hand-written sites that offer Rewrite with retry()", () => {
  for (const [label, sites] of [
    ['fixtures/', sitesOf(join(repoRoot, 'fixtures'), false).sites],
    ['test/rewrite/held-out/', heldOut.sites],
  ] as const) {
    it(`${label}: at least 90 %`, () => {
      const rewritten = sites.filter((s) => s.rewrite);
      console.log(`${label}: ${rewritten.length} of ${sites.length} hand-written sites offer "Rewrite with retry()" (${((100 * rewritten.length) / sites.length).toFixed(0)} %); without: ${sites.filter((s) => !s.rewrite).map((s) => s.key).join(', ')}`);
      expect(rewritten.length / sites.length).toBeGreaterThanOrEqual(0.9);
    });
  }
});
