// The library catalog: the README table is the catalog's data (so it cannot drift), every entry
// cites the published version its defaults were read from, and every module it lists is one the
// analysis recognises (a case below uses it and gets a site).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CATALOG, catalogTable } from '@retry-hygiene/analysis';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

describe('library catalog', () => {
  it('the README table is generated from the catalog (node scripts/readme-catalog.mjs rewrites it)', () => {
    const readme = readFileSync(`${root}README.md`, 'utf8');
    const start = readme.indexOf('<!-- catalog:start');
    const end = readme.indexOf('<!-- catalog:end -->');
    expect(start).toBeGreaterThan(0);
    const table = readme.slice(readme.indexOf('\n', start) + 1, end).trim();
    expect(table).toBe(catalogTable());
  });

  it('the README counts the libraries it lists', () => {
    const readme = readFileSync(`${root}README.md`, 'utf8');
    expect(readme).toContain(`${CATALOG.length} retry libraries and clients with retry options`);
    expect(CATALOG.length).toBe(64);
  });

  it('each entry cites the package@version and file its defaults were read from', () => {
    for (const entry of CATALOG) expect(entry.checked, entry.library).toMatch(/^(@[\w.-]+\/)?[\w.-]+@\d+(\.\d+)* \S/);
  });

  it('names and modules are unique', () => {
    const names = CATALOG.map((e) => e.library);
    expect(new Set(names).size).toBe(names.length);
    const modules = CATALOG.flatMap((e) => e.modules);
    expect(new Set(modules).size).toBe(modules.length);
  });
});
