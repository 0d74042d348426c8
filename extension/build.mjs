// Bundles the extension with esbuild, one command: the client (dist/extension.cjs), the
// language server with ESLint, the plugin and @typescript-eslint/parser inside
// (dist/server.cjs), its herd worker (dist/herd-worker.cjs), the webview's script with the
// herd simulator inside (dist/webview.js), and copies the rule docs (dist/docs/) so that they open offline.
//   node build.mjs               development build (source maps, not minified)
//   node build.mjs --production  what the .vsix ships (minified, no maps)
import { copyFileSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const production = process.argv.includes('--production');
const dist = join(here, 'dist');

/**
 * The plugin reads its package.json and finds and loads @typescript-eslint/parser through
 * createRequire(import.meta.url), which a bundler cannot follow: inside the bundle its
 * `node:module` is a shim whose require (and require.resolve) hands out the bundled modules.
 */
const pluginRequireShim = {
  name: 'plugin-require-shim',
  setup(build) {
    const pluginDist = join(root, 'packages', 'eslint-plugin', 'dist');
    build.onResolve({ filter: /^(node:)?module$/ }, (args) =>
      args.importer.startsWith(pluginDist) ? { path: 'plugin-require', namespace: 'shim' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'shim' }, () => {
      const pkg = JSON.parse(readFileSync(join(root, 'packages', 'eslint-plugin', 'package.json'), 'utf8'));
      return {
        resolveDir: pluginDist,
        loader: 'js',
        contents: `
          const pkg = ${JSON.stringify({ name: pkg.name, version: pkg.version })};
          export function createRequire() {
            const bundled = (id) => {
              if (id === '../package.json') return pkg;
              if (id === '@typescript-eslint/parser') return require('@typescript-eslint/parser');
              throw new Error('retry-hygiene bundle: cannot require ' + id);
            };
            // The plugin asks whether the parser is there before listing TypeScript files.
            bundled.resolve = (id) => {
              if (id === '@typescript-eslint/parser') return id;
              throw new Error('retry-hygiene bundle: cannot resolve ' + id);
            };
            return bundled;
          }`,
      };
    });
  },
};

const common = {
  bundle: true,
  // What each bundle holds, for the third-party notices (scripts/third-party-notices.mjs).
  metafile: true,
  minify: production,
  sourcemap: production ? false : 'linked',
  logLevel: 'warning',
  legalComments: 'none',
};

rmSync(dist, { recursive: true, force: true });
const started = Date.now();
const built = await Promise.all([
  esbuild.build({
    ...common,
    entryPoints: { extension: join(here, 'src', 'extension.ts') },
    outdir: dist,
    outExtension: { '.js': '.cjs' },
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode'],
  }),
  esbuild.build({
    ...common,
    entryPoints: { server: join(here, 'src', 'server.ts') },
    outdir: dist,
    outExtension: { '.js': '.cjs' },
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    mainFields: ['module', 'main'],
    define: { 'import.meta.url': '"file:///retry-hygiene/server.cjs"', 'process.env.RH_SERVER_VERSION': JSON.stringify(JSON.parse(readFileSync(join(here, 'package.json'), 'utf8')).version) },
    plugins: [pluginRequireShim],
    // ESLint's config-file loader (never used: the server lints with an embedded config) loads jiti on demand.
    external: ['jiti', 'jiti/package.json'],
  }),
  // The hover's herd simulations run in a worker thread of their own: the simulator alone.
  esbuild.build({
    ...common,
    entryPoints: { 'herd-worker': join(here, 'src', 'herd-worker.ts') },
    outdir: dist,
    outExtension: { '.js': '.cjs' },
    platform: 'node',
    format: 'cjs',
    target: 'node20',
  }),
  esbuild.build({
    ...common,
    entryPoints: { webview: join(here, 'src', 'webview', 'main.ts') },
    outdir: dist,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
  }),
]);
// The bundles' inputs, outside dist/ (not shipped): which packages the .vsix carries.
const meta = join(here, '.meta');
mkdirSync(meta, { recursive: true });
writeFileSync(join(meta, 'bundles.json'), JSON.stringify({ cwd: process.cwd(), inputs: [...new Set(built.flatMap((b) => Object.keys(b.metafile.inputs)))].sort() }, null, 1));
mkdirSync(join(dist, 'docs'), { recursive: true });
const docs = join(root, 'packages', 'eslint-plugin', 'docs', 'rules');
for (const file of readdirSync(docs)) if (file.endsWith('.md')) copyFileSync(join(docs, file), join(dist, 'docs', file));
console.log(`extension: built ${production ? 'for production ' : ''}in ${Date.now() - started} ms`);
