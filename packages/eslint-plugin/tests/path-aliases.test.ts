import * as nodeFs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { forgetProjectFiles, resolvePathAlias } from '@retry-hygiene/analysis';
import { beforeEach, describe, expect, it } from 'vitest';
import { write } from './workspaces/monorepos.js';

/**
 * Which file a bare specifier names through the importing file's tsconfig.json or
 * jsconfig.json (analysis: specifiers/path-aliases.ts), as TypeScript resolves it: `paths`
 * (the pattern with the longest prefix, its targets in order, from `baseUrl` or else the config
 * that sets `paths`, through `extends`), then `baseUrl`. Only files of the project.
 */
beforeEach(() => forgetProjectFiles());

function project(files: Record<string, string>): string {
  const root = nodeFs.mkdtempSync(join(tmpdir(), 'retry-hygiene-paths-'));
  nodeFs.mkdirSync(join(root, '.git'));
  write(root, files);
  return root;
}

describe('specifiers a tsconfig maps', () => {
  it('`paths` with a wildcard, from baseUrl; the longest prefix wins; targets in order', () => {
    const root = project({
      'tsconfig.json': JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { '@/*': ['src/*'], '@/lib/*': ['missing/*', 'shared/lib/*'], '~config': ['src/config.ts'] } } }),
      'src/app/page.ts': '',
      'src/util/retry.ts': '',
      'src/lib/retry.ts': '',
      'shared/lib/retry.ts': '',
      'src/config.ts': '',
    });
    const from = join(root, 'src', 'app', 'page.ts');
    expect(resolvePathAlias(from, '@/util/retry')).toBe(join(root, 'src/util/retry.ts'));
    // `@/lib/*` has the longer prefix; its first target names no file, the second does.
    expect(resolvePathAlias(from, '@/lib/retry')).toBe(join(root, 'shared/lib/retry.ts'));
    expect(resolvePathAlias(from, '~config')).toBe(join(root, 'src/config.ts'));
    expect(resolvePathAlias(from, '@/util/missing')).toBeUndefined();
  });

  it('`baseUrl` alone: a bare name under it when a file is there, a package otherwise', () => {
    const root = project({
      'packages/c3/tsconfig.json': '{ // a comment, as tsconfig files have\n "compilerOptions": { "baseUrl": "src", },\n}',
      'packages/c3/src/pages.ts': '',
      'packages/c3/src/helpers/retry.ts': '',
    });
    const from = join(root, 'packages/c3/src/pages.ts');
    expect(resolvePathAlias(from, 'helpers/retry')).toBe(join(root, 'packages/c3/src/helpers/retry.ts'));
    expect(resolvePathAlias(from, 'p-retry')).toBeUndefined();
  });

  it('`paths` inherited through a relative `extends`, from the config that sets it; jsconfig.json too', () => {
    const root = project({
      'tsconfig.base.json': JSON.stringify({ compilerOptions: { paths: { '#lib/*': ['./libs/*'] } } }),
      'apps/web/tsconfig.json': JSON.stringify({ extends: '../../tsconfig.base.json' }),
      'apps/web/main.ts': '',
      'libs/retry/index.ts': '',
      'site/jsconfig.json': JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { 'components/*': ['ui/*'] } } }),
      'site/pages/index.js': '',
      'site/ui/poll.js': '',
    });
    expect(resolvePathAlias(join(root, 'apps/web/main.ts'), '#lib/retry')).toBe(join(root, 'libs/retry/index.ts'));
    expect(resolvePathAlias(join(root, 'site/pages/index.js'), 'components/poll')).toBe(join(root, 'site/ui/poll.js'));
  });

  it('never outside the project, nor from a config above it', () => {
    const outside = nodeFs.mkdtempSync(join(tmpdir(), 'retry-hygiene-paths-out-'));
    write(outside, { 'tsconfig.json': JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { 'up/*': ['../*'] } } }), 'inner/.git/HEAD': '', 'inner/a.ts': '', 'secret.ts': '' });
    // The project is `inner/` (its .git): the config above it is not read.
    expect(resolvePathAlias(join(outside, 'inner/a.ts'), 'secret')).toBeUndefined();
    const root = project({ 'tsconfig.json': JSON.stringify({ compilerOptions: { paths: { 'up/*': ['../*'] } } }), 'a.ts': '' });
    nodeFs.writeFileSync(join(root, '..', 'retry-hygiene-paths-neighbour.ts'), '');
    expect(resolvePathAlias(join(root, 'a.ts'), 'up/retry-hygiene-paths-neighbour')).toBeUndefined();
  });
});
