/** Client-side code that runs without VS Code: settings for the server, the chart command's argument, the status bar, the webview page and view. */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveSettings } from '@retry-hygiene/language-server';
import { simulate } from '@retry-hygiene/herd';
import plugin from 'eslint-plugin-retry-hygiene';
import { describe, expect, it } from 'vitest';
import { COMMANDS, LANGUAGES, RULES, excludeGlobs, parseHerdArgs, parseSlowFile, pullOptionsFor, toServerSettings } from '../src/config.js';
import { contentSecurityPolicy, jsonForScript, makeNonce, renderPage } from '../src/webview/html.js';
import { FULL_COLOR, SITE_COLOR, computeView, recolor, stripStyle } from '../src/webview/view.js';

const here = dirname(fileURLToPath(import.meta.url));
const manifest = JSON.parse(readFileSync(join(here, '..', 'package.json'), 'utf8')) as {
  main: string;
  activationEvents: string[];
  capabilities: { untrustedWorkspaces: { supported: boolean } };
  contributes: { commands: { command: string }[]; configuration: { properties: Record<string, { type: string | string[]; default: unknown; enum?: string[] }> } };
};
const properties = manifest.contributes.configuration.properties;

/** What VS Code's getConfiguration('retryHygiene') returns: the contributed keys (rule names have no dots) nested, at their defaults unless overridden. */
function nestedDefaults(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const values = { ...Object.fromEntries(Object.entries(properties).map(([k, p]) => [k, p.default])), ...overrides };
  for (const [key, value] of Object.entries(values)) {
    const keys = key.replace(/^retryHygiene\./, '').split('.');
    let node = out;
    for (const k of keys.slice(0, -1)) node = (node[k] ??= {}) as Record<string, unknown>;
    node[keys.at(-1)!] = value;
  }
  return out;
}

describe('contributed settings', () => {
  it('cover every rule with a severity and exactly the options of its schema, with matching types', () => {
    for (const rule of RULES) {
      const severity = properties[`retryHygiene.rules.${rule}.severity`];
      expect(severity?.enum).toEqual(['error', 'warning', 'information', 'hint', 'off']);
      const schema = (plugin.rules[rule]!.meta!.schema as { properties: Record<string, { type: string }> }[])[0]!.properties;
      const contributed = Object.keys(properties).filter((k) => k.startsWith(`retryHygiene.rules.${rule}.options.`)).map((k) => k.split('.').at(-1));
      expect(contributed.sort()).toEqual(Object.keys(schema).sort());
      for (const [name, option] of Object.entries(schema)) {
        const type = properties[`retryHygiene.rules.${rule}.options.${name}`]!.type;
        expect([type].flat()).toContain(option.type);
      }
    }
  });

  it('at their defaults, reach the server as its own defaults with no problem', () => {
    const { settings, problems } = resolveSettings(toServerSettings(nestedDefaults()));
    expect(problems).toEqual([]);
    expect(settings.rules['no-unbounded-retry']).toEqual({ severity: 'error' });
    expect(settings.scenario).toEqual({ clients: 1000, capacity: 200, outageMs: 10_000 });
  });

  it('carry a severity and an option set by the user', () => {
    const section = nestedDefaults({ 'retryHygiene.rules.no-unbounded-retry.severity': 'warning', 'retryHygiene.rules.no-unbounded-retry.options.maxAttempts': 5, 'retryHygiene.scenario.clients': 5000 });
    const { settings, problems } = resolveSettings(toServerSettings(section));
    expect(problems).toEqual([]);
    expect(settings.rules['no-unbounded-retry']).toEqual({ severity: 'warning', options: { maxAttempts: 5 } });
    expect(settings.scenario.clients).toBe(5000);
  });
});

describe('settings the extension applies itself', () => {
  it('never reach the server: trace.server, exclude and run are not its settings', () => {
    const section = nestedDefaults({ 'retryHygiene.trace.server': 'verbose', 'retryHygiene.exclude': ['**/generated/**'], 'retryHygiene.run': 'onSave' });
    expect(Object.keys(toServerSettings(section) as object).sort()).toEqual(['enable', 'rules', 'scenario', 'slowFileWarningMs']);
    expect(resolveSettings(toServerSettings(section)).problems).toEqual([]);
  });

  it('run: onType pulls on each change, onSave on save only (anything else is onType)', () => {
    expect(pullOptionsFor('onType')).toEqual({ onChange: true, onSave: false });
    expect(pullOptionsFor('onSave')).toEqual({ onChange: false, onSave: true });
    expect(pullOptionsFor(42)).toEqual({ onChange: true, onSave: false });
    expect(properties['retryHygiene.run']).toMatchObject({ enum: ['onType', 'onSave'], default: 'onType' });
  });

  it('exclude: the globs, without empty ones or values that are not strings', () => {
    expect(excludeGlobs(['**/generated/**', '', '  ', 3, null, 'scripts/*.mjs'])).toEqual(['**/generated/**', 'scripts/*.mjs']);
    expect(excludeGlobs('**/x')).toEqual([]);
  });

  it('the slow-file notification is checked as input', () => {
    expect(parseSlowFile({ uri: 'file:///a.ts', version: 3, lintMs: 2500, limitMs: 2000, slow: true })).toEqual({ uri: 'file:///a.ts', lintMs: 2500, limitMs: 2000, slow: true });
    expect(parseSlowFile({ uri: 'file:///a.ts', lintMs: '2500', limitMs: 2000, slow: true })).toBeUndefined();
    expect(parseSlowFile(null)).toBeUndefined();
  });
});

describe('toServerSettings', () => {
  it('drops empty options (null) and options objects left empty, keeps false and 0', () => {
    expect(
      toServerSettings({
        enable: true,
        rules: { 'require-jitter': { severity: 'hint', options: { ignoreLibraryDefaults: false } }, 'no-nested-retry': { severity: 'error', options: { maxAmplification: null } } },
        scenario: { clients: 10, capacity: 1, outageMs: 0, extra: null },
      }),
    ).toEqual({
      enable: true,
      rules: { 'require-jitter': { severity: 'hint', options: { ignoreLibraryDefaults: false } }, 'no-nested-retry': { severity: 'error' } },
      scenario: { clients: 10, capacity: 1, outageMs: 0 },
    });
  });

  it('passes wrong values through, so that the server names them', () => {
    const { problems } = resolveSettings(toServerSettings({ rules: { 'require-jitter': 'loud' }, scenario: { clients: -1 } }));
    expect(problems).toEqual([
      "retryHygiene.rules.require-jitter must be one of error, warning, information, hint, off, got 'loud'",
      'retryHygiene.scenario.clients must be an integer from 1 to 100000, got -1 (clamped to 1)',
    ]);
    expect(toServerSettings(null)).toBeNull();
  });
});

describe('manifest', () => {
  it('activates on the four JS/TS languages (the eight file extensions), not on start-up, and trusts untrusted workspaces', () => {
    expect(manifest.activationEvents.sort()).toEqual(LANGUAGES.map((l) => `onLanguage:${l}`).sort());
    expect(manifest.activationEvents.some((e) => e === '*' || e === 'onStartupFinished')).toBe(false);
    expect(manifest.capabilities.untrustedWorkspaces.supported).toBe(true);
    expect(manifest.main).toBe('./dist/extension.cjs');
  });

  it('contributes every command the client registers', () => {
    expect(manifest.contributes.commands.map((c) => c.command).sort()).toEqual(Object.values(COMMANDS).sort());
  });
});

const LINK_ARG = {
  uri: 'file:///w/orders.ts',
  line: 3,
  character: 2,
  policy: { maxAttempts: 'unbounded', delay: { kind: 'constant', baseMs: 1000 }, jitter: 'none' },
  scenario: { clients: 1000, capacity: 200, outageMs: 10_000 },
};

describe('parseHerdArgs', () => {
  it("reads the hover link's argument (a JSON array's first element) and the server's answer", () => {
    expect(parseHerdArgs([LINK_ARG])).toEqual(LINK_ARG);
    expect(parseHerdArgs({ ...LINK_ARG, kind: 'Retry loop', description: 'waits', rules: ['retry-hygiene/require-jitter', 7] })).toEqual({
      ...LINK_ARG,
      kind: 'Retry loop',
      description: 'waits',
      rules: ['retry-hygiene/require-jitter'],
    });
  });

  it('rejects malformed input and clamps the scenario to the server limits', () => {
    expect(parseHerdArgs(undefined)).toBeUndefined();
    expect(parseHerdArgs({ ...LINK_ARG, uri: 3 })).toBeUndefined();
    expect(parseHerdArgs({ ...LINK_ARG, policy: { ...LINK_ARG.policy, jitter: 'lots' } })).toBeUndefined();
    expect(parseHerdArgs({ ...LINK_ARG, policy: { ...LINK_ARG.policy, delay: { kind: 'constant', baseMs: -1 } } })).toBeUndefined();
    expect(parseHerdArgs({ ...LINK_ARG, policy: { ...LINK_ARG.policy, maxAttempts: 0 } })).toBeUndefined();
    expect(parseHerdArgs({ ...LINK_ARG, scenario: { clients: 1e9, capacity: 0.4, outageMs: -5 } })?.scenario).toEqual({ clients: 100_000, capacity: 1, outageMs: 0 });
  });
});

describe('webview page', () => {
  it("allows nothing but its nonce'd script and style and data: images", () => {
    const nonce = makeNonce();
    expect(nonce).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(makeNonce()).not.toBe(nonce);
    const csp = contentSecurityPolicy(nonce);
    expect(csp.split('; ')).toEqual([`default-src 'none'`, 'img-src data:', `script-src 'nonce-${nonce}'`, `style-src 'nonce-${nonce}'`]);
    const html = renderPage({ cspSource: 'https://x', nonce, scriptUri: 'https://x/webview.js', state: parseHerdArgs(LINK_ARG)! });
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="${csp}">`);
    // Every script and style element carries the nonce; no inline event handlers or style attributes.
    for (const tag of html.match(/<(script|style)\b[^>]*>/g)!) expect(tag).toContain(`nonce="${nonce}"`);
    expect(html).not.toMatch(/\son[a-z]+=|\sstyle=/);
  });

  it('embeds the state as JSON that cannot close its script element', () => {
    const json = jsonForScript({ description: '</script><script>alert(1)</script> & co' });
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual({ description: '</script><script>alert(1)</script> & co' });
  });
});

describe('webview view', () => {
  it('simulates the policy against full jitter: the same numbers as the herd package, the chart in the hover colours without its own style', () => {
    const view = computeView(LINK_ARG.policy as never, LINK_ARG.scenario);
    const site = simulate(LINK_ARG.policy as never, LINK_ARG.scenario);
    expect(view.site.totalCalls).toBe(site.totalCalls);
    expect(view.rows[1]).toEqual(['calls', '13 000', '9 400']);
    expect(view.rows.find((r) => r[0] === 'gave up')).toEqual(['gave up', '0 clients', '0 clients']);
    expect(view.svg).not.toContain('<style>');
    expect(view.svg).toContain('This retry against full jitter: 1 000 clients');
    const curves = [...view.svg.matchAll(/<path class="rh-curve" stroke="(#[0-9a-f]+)"/g)].map((m) => m[1]);
    expect(curves).toEqual([SITE_COLOR, FULL_COLOR]);
  });

  it('re-simulates for another scenario', () => {
    const view = computeView(LINK_ARG.policy as never, { clients: 5000, capacity: 200, outageMs: 10_000 });
    expect(view.svg).toContain('5 000 clients');
    expect(view.site.totalCalls).toBe(simulate(LINK_ARG.policy as never, { clients: 5000 }).totalCalls);
  });

  it('recolours curves and their legend keys by order of appearance, and strips only the style element', () => {
    expect(recolor('<path stroke="#111"/><path stroke="#222"/><line stroke="#111"/>', ['#a00', '#0a0'])).toBe('<path stroke="#a00"/><path stroke="#0a0"/><line stroke="#a00"/>');
    expect(stripStyle('<svg><style>.a{}</style><text>x</text></svg>')).toBe('<svg><text>x</text></svg>');
  });
});
