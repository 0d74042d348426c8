/** The "Retry herd" page's script (bundled with the herd simulator): re-simulates in the page when the scenario changes. */
import { parseHerdArgs, parseScenario, type HerdArgs, type Scenario } from '../config.js';
import { computeView } from './view.js';

interface VsCodeApi {
  postMessage(message: unknown): void;
  setState(state: unknown): void;
  getState(): unknown;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const inputs = { clients: $<HTMLInputElement>('rh-clients'), capacity: $<HTMLInputElement>('rh-capacity'), outage: $<HTMLInputElement>('rh-outage') };
const embedded = parseHerdArgs(JSON.parse($('rh-state').textContent ?? 'null'));
let args: HerdArgs | undefined;
/** The scenario of the settings, which Reset goes back to. */
let initial: Scenario | undefined;
let timer: ReturnType<typeof setTimeout> | undefined;

function show(next: HerdArgs, settingsScenario: Scenario = next.scenario): void {
  args = next;
  initial = settingsScenario;
  $('rh-title').textContent = `Retry herd: ${next.kind ?? 'retry'} in ${next.name ? `${next.name}(), ` : ''}${whereOf(next)}`;
  $('rh-policy').textContent = next.description ? `${capitalize(next.description)}.` : '';
  const rules = $('rh-rules');
  rules.replaceChildren();
  if (next.rules && next.rules.length > 0) {
    rules.className = 'rules';
    rules.append('✖ ');
    next.rules.forEach((rule, i) => {
      if (i > 0) rules.append(' · ');
      // The rule's docs, shipped in the .vsix: opened by the extension.
      const link = document.createElement('a');
      link.href = '#';
      link.textContent = rule;
      link.title = `Open the documentation of ${rule}`;
      link.addEventListener('click', (event) => {
        event.preventDefault();
        vscode.postMessage({ type: 'openDocs', rule });
      });
      rules.append(link);
    });
  } else if (next.rules) {
    rules.className = 'rules ok';
    // No tick: a retry with no finding may still give up before the server is back (the words under the table say how it fares).
    rules.textContent = 'No retry-hygiene finding here';
  }
  setInputs(next.scenario);
  draw(next.scenario);
}

function setInputs(s: Scenario): void {
  inputs.clients.value = String(s.clients);
  inputs.capacity.value = String(s.capacity);
  inputs.outage.value = String(s.outageMs / 1000);
}

function readInputs(): Scenario | undefined {
  if (![inputs.clients, inputs.capacity, inputs.outage].every((i) => i.checkValidity() && i.value !== '')) return undefined;
  return parseScenario({ clients: Number(inputs.clients.value), capacity: Number(inputs.capacity.value), outageMs: Number(inputs.outage.value) * 1000 });
}

function draw(scenario: Scenario): void {
  if (!args) return;
  const chart = $('rh-chart');
  const view = computeView({ policy: args.policy, ...(args.fix ? { fix: args.fix } : {}), where: `${args.name ? `${args.name}() in ` : ''}${whereOf(args)}` }, scenario, chart.clientWidth || 760);
  drawnWidth = chart.clientWidth;
  const doc = new DOMParser().parseFromString(view.svg, 'image/svg+xml');
  chart.replaceChildren(document.importNode(doc.documentElement, true));
  const table = $<HTMLTableElement>('rh-numbers');
  table.replaceChildren();
  view.rows.forEach((row, r) => {
    const tr = table.insertRow();
    row.forEach((cell, c) => {
      const el = document.createElement(r === 0 || c === 0 ? 'th' : 'td');
      el.textContent = cell;
      if (r > 0) el.className = view.roles[r - 1]!;
      tr.append(el);
    });
  });
  $('rh-words').textContent = view.words;
  $('rh-status').textContent = `simulated in ${Math.max(1, Math.round(view.ms))} ms`;
  chart.dataset.clients = String(scenario.clients);
  vscode.setState({ ...args, scenario });
}

/** "orders.ts:12": the file's name and the site's line. */
function whereOf(site: HerdArgs): string {
  const file = decodeURIComponent(site.uri.replace(/[?#].*$/, '').split('/').pop() ?? '');
  return `${file || 'this file'}:${site.line + 1}`;
}

/** The chart is drawn at the panel's width: drawn again when the panel is resized. */
let drawnWidth = 0;
new ResizeObserver(() => {
  const width = $('rh-chart').clientWidth;
  if (!args || Math.abs(width - drawnWidth) < 24) return;
  clearTimeout(timer);
  timer = setTimeout(() => draw(readInputs() ?? args!.scenario), 150);
}).observe($('rh-chart'));

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

$('rh-controls').addEventListener('input', () => {
  clearTimeout(timer);
  const scenario = readInputs();
  if (!scenario) {
    $('rh-status').textContent = 'out of range';
    return;
  }
  $('rh-status').textContent = 'simulating…';
  timer = setTimeout(() => draw(scenario), 200);
});
$('rh-controls').addEventListener('submit', (event) => event.preventDefault());
$('rh-reset').addEventListener('click', () => {
  if (!initial) return;
  setInputs(initial);
  draw(initial);
});
window.addEventListener('message', (event: MessageEvent) => {
  const data = event.data as { type?: string; args?: unknown };
  const next = data?.type === 'show' ? parseHerdArgs(data.args) : undefined;
  if (next) show(next);
});

// A page restored (after VS Code reloads) keeps the scenario its controls had.
const restored = parseHerdArgs(vscode.getState());
if (restored && embedded && restored.uri === embedded.uri && restored.line === embedded.line) show(restored, embedded.scenario);
else if (embedded) show(embedded);
