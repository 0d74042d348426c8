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
import { COLORS, MIN_CHART_WIDTH, computeView, recolor, stripStyle } from '../src/webview/view.js';

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
    // The outage left empty: each retry's own.
    expect(settings.scenario).toEqual({ clients: 1000, capacity: 200 });
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
  it('carry a declared retry helper to the server as a flat config declares it', () => {
    const helper = { module: '@acme/retry', export: 'withRetry', attempts: 'maxAttempts', delay: 'delayMs', jitter: 'jitter' };
    const { settings, problems } = resolveSettings(toServerSettings(nestedDefaults({ 'retryHygiene.helpers': [helper] })));
    expect(problems).toEqual([]);
    expect(settings.helpers).toEqual([{ ...helper, options: 1, defaultAttempts: 3, defaultDelayMs: 0, defaultFactor: 1, defaultJitter: false }]);
  });

  it('never reach the server: trace.server, exclude and run are not its settings', () => {
    const section = nestedDefaults({ 'retryHygiene.trace.server': 'verbose', 'retryHygiene.exclude': ['**/generated/**'], 'retryHygiene.run': 'onSave' });
    expect(Object.keys(toServerSettings(section) as object).sort()).toEqual(['enable', 'helpers', 'rules', 'scenario', 'slowFileWarningMs']);
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

  it("reads the quick fix, the function's name, and a polynomial or listed schedule; drops a malformed fix", () => {
    const fix = { title: 'Rewrite with retry()', policy: { maxAttempts: 4, delay: { kind: 'polynomial', baseMs: 100, power: 2 }, jitter: 'full' } };
    expect(parseHerdArgs({ ...LINK_ARG, fix, name: 'syncOrders' })).toEqual({ ...LINK_ARG, fix, name: 'syncOrders' });
    const steps = { ...LINK_ARG.policy, delay: { kind: 'linear', baseMs: 1000, stepsMs: [1000, 2000, 5000] } };
    expect(parseHerdArgs({ ...LINK_ARG, policy: steps })?.policy).toEqual(steps);
    expect(parseHerdArgs({ ...LINK_ARG, policy: { ...steps, delay: { kind: 'linear', stepsMs: [1, 'x'] } } })).toBeUndefined();
    expect(parseHerdArgs({ ...LINK_ARG, fix: { title: 'x', policy: { jitter: 'lots' } } })).toEqual(LINK_ARG);
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
  const FIX = { title: 'Rewrite with retry() (stops after 5 attempts)', policy: { maxAttempts: 5, delay: { kind: 'constant', baseMs: 1000 }, jitter: 'full' } } as const;
  const site = { policy: LINK_ARG.policy as never, fix: FIX as never, where: 'syncOrders() in orders.ts:4' };

  it('simulates the site beside the same budget with full jitter and its quick fix: the herd package\'s numbers, the chart titled with the file and function, in the hover colours without its own style', () => {
    const view = computeView(site, LINK_ARG.scenario);
    const jittered = { ...LINK_ARG.policy, jitter: 'full' };
    expect(view.results.map((r) => r.totalCalls)).toEqual([
      simulate(LINK_ARG.policy as never, LINK_ARG.scenario).totalCalls,
      simulate(jittered as never, LINK_ARG.scenario).totalCalls,
      simulate(FIX.policy as never, LINK_ARG.scenario).totalCalls,
    ]);
    expect(view.rows[0]).toEqual(['', 'calls/client', 'peak on recovery', 'served', 'drained']);
    expect(view.rows[1]).toEqual(['this retry', '13.0', '5.0×', '1 000/1 000', '14 s']);
    expect(view.rows.map((r) => r[0])).toEqual(['', 'this retry', 'same budget, full jitter', FIX.title]);
    expect(view.roles).toEqual(['site', 'jittered', 'fix']);
    // Five attempts a second apart end in the outage: said in words, not with a tick.
    expect(view.words).toBe('This retry: every client served. Its quick fix: every client gives up before the server is back.');
    expect(view.svg).not.toContain('<style>');
    expect(view.svg).toContain('Retry herd of syncOrders() in orders.ts:4');
    const curves = [...view.svg.matchAll(/<path class="rh-curve" stroke="(#[0-9a-f]+)"/g)].map((m) => m[1]);
    expect(curves).toEqual([COLORS.site, COLORS.jittered, COLORS.fix]);
  });

  it('draws the chart at the panel\'s width, so its text keeps its size (never narrower than MIN_CHART_WIDTH)', () => {
    expect(computeView(site, LINK_ARG.scenario, 500).svg).toMatch(/^<svg [^>]*width="500"/);
    expect(computeView(site, LINK_ARG.scenario, 200).svg).toMatch(new RegExp(`^<svg [^>]*width="${MIN_CHART_WIDTH}"`));
  });

  it('one row for a quick fix that only adds jitter', () => {
    const view = computeView({ policy: LINK_ARG.policy as never, fix: { title: 'Add full jitter', policy: { ...LINK_ARG.policy, jitter: 'full' } as never } }, LINK_ARG.scenario);
    expect(view.rows.map((r) => r[0])).toEqual(['', 'this retry', 'Add full jitter (same budget, full jitter)']);
    expect(view.roles).toEqual(['site', 'fix']);
  });

  it('re-simulates for another scenario', () => {
    const view = computeView(site, { clients: 5000, capacity: 200, outageMs: 10_000 });
    expect(view.svg).toContain('5 000 clients');
    expect(view.results[0]!.totalCalls).toBe(simulate(LINK_ARG.policy as never, { clients: 5000 }).totalCalls);
  });

  it('recolours curves and their legend keys by order of appearance, and strips only the style element', () => {
    expect(recolor('<path stroke="#111"/><path stroke="#222"/><line stroke="#111"/>', ['#a00', '#0a0'])).toBe('<path stroke="#a00"/><path stroke="#0a0"/><line stroke="#a00"/>');
    expect(stripStyle('<svg><style>.a{}</style><text>x</text></svg>')).toBe('<svg><text>x</text></svg>');
  });
});
