import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import plugin from 'eslint-plugin-retry-hygiene';

const root = fileURLToPath(new URL('..', import.meta.url));
const REPO = 'https://github.com/retry-hygiene/retry-hygiene';

interface Manifest {
  name: string;
  version: string;
  license?: string;
  repository?: { type: string; url: string; directory: string };
  homepage?: string;
  bugs?: { url: string };
  engines?: { node: string };
  files?: string[];
  keywords?: string[];
  exports?: Record<string, unknown>;
  types?: string;
  bin?: Record<string, string>;
  main?: string;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

/** What `npm publish` would upload: `npm pack --dry-run --json`, run in the package. */
function packedFiles(dir: string): string[] {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: join(root, dir), encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  const [pack] = JSON.parse(out) as { files: { path: string }[] }[];
  return pack!.files.map((f) => f.path).sort();
}

const PACKAGES: { dir: string; expect: RegExp[] }[] = [
  { dir: 'packages/analysis', expect: [/^dist\/index\.js$/, /^dist\/index\.d\.ts$/, /^dist\/types\.d\.ts$/] },
  { dir: 'packages/retry', expect: [/^dist\/index\.js$/, /^dist\/index\.d\.ts$/] },
  { dir: 'packages/herd', expect: [/^dist\/index\.js$/, /^dist\/index\.d\.ts$/] },
  { dir: 'packages/eslint-plugin', expect: [/^dist\/index\.js$/, /^dist\/rules\/require-jitter\.js$/, /^docs\/rules\/require-jitter\.md$/] },
  { dir: 'packages/cli', expect: [/^bin\/retry-hygiene\.js$/, /^dist\/bin\.js$/, /^dist\/check\/eslint-options\.js$/] },
  { dir: 'packages/language-server', expect: [/^bin\/retry-hygiene-language-server\.js$/, /^dist\/index\.js$/] },
];

const versions = new Map<string, string>();
for (const dir of ['analysis', 'retry', 'herd', 'eslint-plugin', 'cli', 'language-server']) {
  const manifest = JSON.parse(readFileSync(join(root, 'packages', dir, 'package.json'), 'utf8')) as Manifest;
  versions.set(manifest.name, manifest.version);
}

describe.each(PACKAGES)('$dir is ready to publish', ({ dir, expect: expected }) => {
  const manifest = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as Manifest;

  it('packs its README, LICENSE, built code and nothing else: no sources, tests, source maps or build info', () => {
    const files = packedFiles(dir);
    expect(files).toContain('README.md');
    expect(files).toContain('LICENSE');
    expect(files).toContain('package.json');
    for (const pattern of expected) expect(files.some((f) => pattern.test(f)), `${pattern}`).toBe(true);
    expect(files.filter((f) => /\.map$|tsbuildinfo|^src\/|^tests?\/|\.test\.|tsconfig/.test(f))).toEqual([]);
    expect(files.every((f) => /^(README\.md|LICENSE|package\.json|dist\/|bin\/|docs\/)/.test(f))).toBe(true);
    // Every bin and the main entry are in the package.
    for (const target of [...Object.values(manifest.bin ?? {}), ...(manifest.main ? [manifest.main] : [])]) {
      expect(files).toContain(target.replace(/^\.\//, ''));
    }
  });

  it('says where it comes from, which Node it needs, and its licence', () => {
    expect(manifest.license).toBe('MIT');
    expect(manifest.repository).toEqual({ type: 'git', url: `git+${REPO}.git`, directory: dir });
    expect(manifest.homepage).toBe(`${REPO}/tree/main/${dir}#readme`);
    expect(manifest.bugs).toEqual({ url: `${REPO}/issues` });
    expect(manifest.engines?.node).toBe('>=20.19');
    expect(existsSync(join(root, dir, 'README.md'))).toBe(true);
    // Found on npm by what it is about.
    expect(manifest.keywords).toEqual(expect.arrayContaining(['retry']));
  });

  it('points its entry points (main, types, exports) at files it packs', () => {
    const files = packedFiles(dir);
    const targets = new Set<string>();
    const collect = (value: unknown): void => {
      if (typeof value === 'string') targets.add(value.replace(/^\.\//, ''));
      else if (value && typeof value === 'object') for (const v of Object.values(value)) collect(v);
    };
    collect([manifest.main, manifest.types, manifest.exports]);
    targets.delete('');
    for (const target of targets) expect(files, target).toContain(target);
    if (manifest.exports) expect(Object.keys(manifest.exports)).toContain('.');
  });

  it('depends on the versions of its sibling packages that exist', () => {
    for (const [name, range] of Object.entries({ ...manifest.dependencies, ...manifest.peerDependencies })) {
      const version = versions.get(name);
      if (!version) continue;
      expect(range === version || range === `^${version}`, `${name}@${range}`).toBe(true);
    }
  });

  it('takes its runtime dependencies as ranges, so one copy can serve a whole install', () => {
    for (const [name, range] of Object.entries(manifest.dependencies ?? {})) expect(range, `${name}@${range}`).toMatch(/^\^/);
  });
});

describe('eslint-plugin-retry-hygiene as other projects see it', () => {
  it('has meta.name, meta.version and meta.namespace from its package.json', () => {
    const manifest = JSON.parse(readFileSync(join(root, 'packages/eslint-plugin/package.json'), 'utf8')) as Manifest;
    expect(plugin.meta).toEqual({ name: manifest.name, version: manifest.version, namespace: 'retry-hygiene' });
  });

  it('peers on ESLint 9 and 10, with @typescript-eslint/parser optional and typescript not needed at all', () => {
    const manifest = JSON.parse(readFileSync(join(root, 'packages/eslint-plugin/package.json'), 'utf8')) as Manifest & {
      peerDependenciesMeta: Record<string, { optional: boolean }>;
    };
    expect(manifest.peerDependencies).toEqual({ '@typescript-eslint/parser': '^8.0.0', eslint: '^9.0.0 || ^10.0.0' });
    expect(manifest.peerDependenciesMeta).toEqual({ '@typescript-eslint/parser': { optional: true } });
    expect(Object.keys(manifest.dependencies ?? {})).not.toContain('typescript');
    for (const range of Object.values(manifest.dependencies ?? {})) expect(range).toMatch(/^\^/);
  });

  it("gives every rule meta.defaultOptions and a docs URL naming a file that is in the repository and in the package", () => {
    const files = packedFiles('packages/eslint-plugin');
    for (const [name, rule] of Object.entries(plugin.rules)) {
      expect(rule.meta?.defaultOptions, name).toBeDefined();
      const url = rule.meta?.docs?.url ?? '';
      expect(url).toBe(`${REPO}/blob/main/packages/eslint-plugin/docs/rules/${name}.md`);
      const path = url.slice(`${REPO}/blob/main/`.length);
      expect(existsSync(join(root, path)), path).toBe(true);
      expect(files).toContain(path.slice('packages/eslint-plugin/'.length));
    }
  });
});

describe('rule docs read as user docs', () => {
  const docsDir = join(root, 'packages/eslint-plugin/docs/rules');
  const docs = Object.keys(plugin.rules).map((name) => ({ name, text: readFileSync(join(docsDir, `${name}.md`), 'utf8') }));

  it.each(docs)('$name.md cites every source by name and link, in a Sources section', ({ text }) => {
    const sources = text.split(/^## Sources$/m)[1];
    expect(sources).toBeDefined();
    const items = sources!.split(/^## /m)[0]!.split(/^- /m).slice(1);
    expect(items.length).toBeGreaterThanOrEqual(2);
    for (const item of items) expect(item, item).toMatch(/\]\(https:\/\/[^)\s]+\)/);
    // The seeds' articles: the AWS one and the Go simulation whose numbers the docs quote.
    expect(sources).toContain('(https://aws.amazon.com/builders-library/timeouts-retries-and-backoff-with-jitter/)');
    expect(sources).toContain('(https://github.com/RafaelPanisset/retry-strategies-simulator)');
  });

  it.each(docs)('$name.md has no contributor-only sections', ({ text }) => {
    expect(text).not.toMatch(/^#+ How the examples are checked/m);
  });
});
