import { describe, expect, it } from 'vitest';
import { LintEngine } from '../src/engine.js';
import { DEFAULT_SETTINGS } from '../src/settings.js';

/** A `.js` React component open in the editor: JSX parses, and the retry in it is a finding. */

const PAGE_JS = `import React from 'react';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export async function load(url) {
  for (let i = 0; i < 5; i++) {
    try {
      return await fetch(url);
    } catch {
      await sleep(1000);
    }
  }
  throw new Error('gave up');
}
export default function Page({ title }) {
  return <h1 className="title">{title}</h1>;
}
`;

describe('the language server on JSX in a .js document', () => {
  it('lints it without a parse error', () => {
    const engine = new LintEngine();
    engine.configure(DEFAULT_SETTINGS);
    const analysis = engine.lint('file:///project/Page.js', 1, PAGE_JS, '/project/Page.js');
    expect(analysis.status).toBe('ok');
    expect(analysis.messages.map((m) => [m.ruleId, m.line, m.column])).toEqual([['retry-hygiene/no-fixed-sleep-retry', 4, 3]]);
  });
});
