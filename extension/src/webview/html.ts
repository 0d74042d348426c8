/** The webview page: strict CSP, one nonce for the script and the style, the state as JSON data. */
import type { HerdArgs } from '../config.js';

export interface PageOptions {
  /** webview.cspSource (not needed by the policy itself; kept for the script's URI origin). */
  cspSource: string;
  nonce: string;
  scriptUri: string;
  state: HerdArgs;
}

/** 32 URL-safe random characters. */
export function makeNonce(random: () => number = Math.random): string {
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let out = '';
  for (let i = 0; i < 32; i++) out += chars.charAt(Math.floor(random() * chars.length));
  return out;
}

/** `default-src 'none'`; script and style only with the nonce; images from data: only. */
export function contentSecurityPolicy(nonce: string): string {
  return [`default-src 'none'`, `img-src data:`, `script-src 'nonce-${nonce}'`, `style-src 'nonce-${nonce}'`].join('; ');
}

/** JSON that cannot end the script element it sits in. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function renderPage({ nonce, scriptUri, state }: PageOptions): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy(nonce)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>Retry herd</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body>
<main>
  <h1 id="rh-title">Retry herd</h1>
  <p id="rh-policy" class="policy"></p>
  <p id="rh-rules" class="rules"></p>
  <form id="rh-controls" class="controls" autocomplete="off">
    <label>Clients <input id="rh-clients" type="number" min="1" max="100000" step="1" required></label>
    <label>Capacity (requests/s) <input id="rh-capacity" type="number" min="1" max="1000000" step="1" required></label>
    <label>Outage (s) <input id="rh-outage" type="number" min="0" max="3600" step="0.1" required></label>
    <button id="rh-reset" type="button">Reset</button>
    <span id="rh-status" class="status" role="status"></span>
  </form>
  <div id="rh-chart" class="chart" aria-live="polite"></div>
  <table id="rh-numbers" class="numbers"></table>
  <p id="rh-words" class="words"></p>
</main>
<script type="application/json" id="rh-state" nonce="${nonce}">${jsonForScript(state)}</script>
<script nonce="${nonce}" src="${escapeAttr(scriptUri)}"></script>
</body>
</html>`;
}

/** Colours from the theme (VS Code's CSS variables), so the page follows light, dark and high contrast. */
const STYLE = `
body{color:var(--vscode-foreground);background:var(--vscode-editor-background);font-family:var(--vscode-font-family);font-size:var(--vscode-font-size);padding:0 20px 20px}
main{max-width:920px}
h1{font-size:1.35em;font-weight:600;margin:16px 0 4px}
.policy{margin:4px 0;font-size:1.05em}
.rules{margin:4px 0 12px;color:var(--vscode-descriptionForeground)}
.rules a{color:var(--vscode-textLink-foreground);text-decoration:none}.rules a:hover{text-decoration:underline}
.rules.ok{color:var(--vscode-descriptionForeground)}
.controls{display:flex;flex-wrap:wrap;gap:12px;align-items:flex-end;margin:8px 0 12px}
.controls label{display:flex;flex-direction:column;gap:3px;font-size:.9em;color:var(--vscode-descriptionForeground)}
.controls input{width:9em;background:var(--vscode-input-background);color:var(--vscode-input-foreground);border:1px solid var(--vscode-input-border,transparent);padding:3px 5px;font-family:inherit;font-size:inherit}
.controls input:invalid{border-color:var(--vscode-inputValidation-errorBorder,red)}
.controls button{background:var(--vscode-button-secondaryBackground);color:var(--vscode-button-secondaryForeground);border:none;padding:5px 12px;cursor:pointer;font-family:inherit}
.controls button:hover{background:var(--vscode-button-secondaryHoverBackground)}
.status{color:var(--vscode-descriptionForeground);font-size:.9em;min-width:10em}
.chart{overflow-x:auto}
.chart svg{display:block;max-width:none}
.rh-herd{color:var(--vscode-descriptionForeground);font-family:var(--vscode-font-family);font-size:12px}
.rh-herd text{fill:currentColor}
.rh-herd .rh-title{font-size:15px;font-weight:600;fill:var(--vscode-foreground)}
.rh-herd .rh-label{font-weight:600}
.rh-herd .rh-curve{fill:none;stroke-width:2;stroke-linejoin:round;stroke-linecap:round}
.numbers{border-collapse:collapse;margin-top:12px}
.numbers th,.numbers td{padding:3px 14px 3px 0;text-align:left;border-bottom:1px solid var(--vscode-panel-border,rgba(128,128,128,.3))}
.numbers td{font-variant-numeric:tabular-nums;white-space:nowrap}
.numbers th{font-weight:600}
.numbers .site{color:#e8590c}.numbers .jittered{color:#1c7ed6}.numbers .fix{color:#2f9e44}
.words{margin:10px 0;max-width:70ch}
`;
