/**
 * The .vsix as shipped: built by the package script, read back entry by entry. No sources,
 * tests, fixtures, maps or node_modules; under the 4 MB target; and its bundled server runs
 * on its own (no node_modules beside it) and reports a finding.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflateRawSync } from 'node:zlib';
import {
  DidOpenTextDocumentNotification,
  HoverRequest,
  InitializeRequest,
  InitializedNotification,
  LogMessageNotification,
  PublishDiagnosticsNotification,
  StreamMessageReader,
  StreamMessageWriter,
  createProtocolConnection,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const extensionDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const tmp = mkdtempSync(join(tmpdir(), 'rh-vsix-'));
const vsixPath = join(tmp, 'retry-hygiene.vsix');
let entries: Map<string, Buffer>;
let size = 0;

/** A zip's entries from its central directory (stored or deflated, as vsce writes them). */
export function readZip(zip: Buffer): Map<string, Buffer> {
  let eocd = zip.length - 22;
  while (eocd >= 0 && zip.readUInt32LE(eocd) !== 0x06054b50) eocd--;
  if (eocd < 0) throw new Error('not a zip: no end of central directory');
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const out = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory entry');
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(dataAt, dataAt + compressed);
    out.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return out;
}

beforeAll(() => {
  const result = spawnSync(process.execPath, [join(extensionDir, 'scripts', 'package.mjs'), '--out', vsixPath], { encoding: 'utf8', timeout: 170_000 });
  if (result.status !== 0) throw new Error(`packaging failed:\n${result.stdout}${result.stderr}`);
  const zip = readFileSync(vsixPath);
  size = zip.length;
  entries = readZip(zip);
}, 180_000);

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('the .vsix', () => {
  it('holds the bundles, the manifest, readme, licence and rule docs, and nothing else', () => {
    const files = [...entries.keys()].filter((n) => !n.endsWith('/')).sort();
    expect(files).toEqual(
      [
        '[Content_Types].xml',
        'extension.vsixmanifest',
        'extension/LICENSE.txt',
        'extension/dist/docs/no-fixed-sleep-retry.md',
        'extension/dist/docs/no-nested-retry.md',
        'extension/dist/docs/no-unbounded-retry.md',
        'extension/dist/docs/require-jitter.md',
        'extension/dist/extension.cjs',
        'extension/dist/herd-worker.cjs',
        'extension/dist/server.cjs',
        'extension/dist/webview.js',
        'extension/media/icon.png',
        'extension/package.json',
        'extension/readme.md',
        'extension/ThirdPartyNotices.txt',
      ].sort(),
    );
    for (const name of files) expect(name).not.toMatch(/\.(ts|map|tsbuildinfo)$|\/(src|tests?|fixtures|node_modules)\//);
    // No source map comments left in the minified bundles either.
    for (const bundle of ['extension.cjs', 'server.cjs', 'herd-worker.cjs', 'webview.js']) {
      const tail = entries.get(`extension/dist/${bundle}`)!.toString('utf8').slice(-300);
      expect(/\/\/# sourceMappingURL=/.test(tail), `${bundle} points to a map`).toBe(false);
    }
  });

  it('has a 128 × 128 PNG icon, named by the manifest', () => {
    const manifest = JSON.parse(entries.get('extension/package.json')!.toString('utf8')) as { icon?: string };
    expect(manifest.icon).toBe('media/icon.png');
    const png = entries.get('extension/media/icon.png')!;
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.toString('ascii', 12, 16)).toBe('IHDR');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([128, 128]);
  });

  it("points its README images at extension/media/ of the release in the repository (VS Code's extension page shows https images only)", () => {
    const readme = entries.get('extension/readme.md')!.toString('utf8');
    const images = [...readme.matchAll(/!\[[^\]]*\]\(([^)\s]+)/g)].map((m) => m[1]!);
    const base = 'https://github.com/retry-hygiene/retry-hygiene/raw/v0.1.0/extension/';
    expect(images).toEqual([`${base}media/screenshot.png`, `${base}media/hover.png`]);
    for (const image of images) expect(existsSync(join(extensionDir, image.slice(base.length))), image).toBe(true);
  });

  it("ships the licence of every package its bundles hold, as the build's metafiles list them", () => {
    const notices = entries.get('extension/ThirdPartyNotices.txt')!.toString('utf8');
    const { cwd, inputs } = JSON.parse(readFileSync(join(extensionDir, '.meta', 'bundles.json'), 'utf8')) as { cwd: string; inputs: string[] };
    const folders = new Set(inputs.map((i) => /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(i)?.[1]).filter((f): f is string => f !== undefined));
    const bundled = new Set([...folders].map((f) => {
      const { name, version } = JSON.parse(readFileSync(join(cwd, f, 'package.json'), 'utf8')) as { name: string; version: string };
      return `${name} ${version}`;
    }));
    const listed = new Set([...notices.matchAll(/^- (\S+ \S+) \(/gm)].map((m) => m[1]!));
    expect([...listed].sort()).toEqual([...bundled].sort());
    // ESLint and the TypeScript parser among them, each with its licence's text.
    expect(bundled.has(`eslint ${JSON.parse(readFileSync(join(extensionDir, '..', 'node_modules', 'eslint', 'package.json'), 'utf8')).version}`)).toBe(true);
    for (const entry of bundled) {
      const section = notices.split(/^={78}$/m).find((s) => s.startsWith(`\n${entry}\n`));
      expect(section, entry).toBeDefined();
      expect(section, entry).not.toContain('ships no licence file');
      expect(section!.length, entry).toBeGreaterThan(200);
    }
  });

  it(`is under the 4 MB target`, () => {
    const unpacked = [...entries.values()].reduce((sum, b) => sum + b.length, 0);
    console.log(`.vsix: ${(size / 1024 / 1024).toFixed(2)} MB (${(unpacked / 1024 / 1024).toFixed(2)} MB unpacked)`);
    expect(size).toBeLessThan(4 * 1024 * 1024);
  });

  it('ships a manifest that VS Code runs: main, activation, engine', () => {
    const manifest = JSON.parse(entries.get('extension/package.json')!.toString('utf8')) as Record<string, unknown>;
    expect(manifest.main).toBe('./dist/extension.cjs');
    expect(entries.has('extension/dist/extension.cjs')).toBe(true);
    expect(manifest.engines).toEqual({ vscode: '^1.91.0' });
    expect(manifest.devDependencies).toBeDefined(); // not installed: --no-dependencies
    expect(entries.get('extension/dist/extension.cjs')!.toString('utf8')).toContain('require("vscode")');
  });

  it('runs its bundled server alone, from the unpacked .vsix, and gets a finding', async () => {
    const dir = join(tmp, 'unpacked');
    for (const [name, data] of entries) {
      if (name.endsWith('/')) continue;
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      writeFileSync(join(dir, name), data);
    }
    const child = spawn(process.execPath, [join(dir, 'extension', 'dist', 'server.cjs'), '--stdio'], { cwd: tmp, stdio: ['pipe', 'pipe', 'pipe'] });
    const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
    try {
      const published = new Promise<PublishDiagnosticsParams>((resolve) => connection.onNotification(PublishDiagnosticsNotification.type, resolve));
      const logs: string[] = [];
      connection.onNotification(LogMessageNotification.type, ({ message }) => void logs.push(message));
      connection.listen();
      const init = await connection.sendRequest(InitializeRequest.type, { processId: process.pid, rootUri: null, capabilities: {} });
      expect(init.serverInfo).toEqual({ name: 'retry-hygiene', version: '0.1.0' });
      await connection.sendNotification(InitializedNotification.type, {});
      const text = 'async function get(url: string): Promise<Response> {\n  for (;;) {\n    try { return await fetch(url); } catch { await new Promise((r) => setTimeout(r, 500)); }\n  }\n}\n';
      await connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri: 'file:///x/get.ts', languageId: 'typescript', version: 1, text } });
      const { diagnostics } = await published;
      expect(diagnostics.map((d) => [d.code, d.range.start.line])).toEqual([
        ['no-fixed-sleep-retry', 1],
        ['no-unbounded-retry', 1],
      ]);
      // The hover's herd comes from the bundled herd worker (dist/herd-worker.cjs).
      const hover = await connection.sendRequest(HoverRequest.type, { textDocument: { uri: 'file:///x/get.ts' }, position: { line: 1, character: 3 } });
      const value = (hover?.contents as { value: string }).value;
      expect(value.split('\n')[0]).toBe('Retry loop: waits a fixed 500 ms between attempts, no jitter, no limit on attempts.');
      expect(value).toMatch(/^this retry {2,}\S+ {2,}25\.0 {2,}/m);
      expect(value).not.toContain('skipped');
      // Not the main-thread fallback: the worker started.
      expect(logs.filter((m) => m.includes('herd worker'))).toEqual([]);
    } finally {
      connection.dispose();
      child.kill();
    }
  }, 60_000);
});
