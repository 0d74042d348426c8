import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

// A wait computed by a static method of a class of the file, called on the class by name
// (`Pacing.gap(n)`), or at a computed key that is a constant binding (`static [kGap] (n)` read as
// `Pacing[kGap](n)` with the same `const kGap = Symbol(…)`, or one imported): the method is read
// like a local helper. No claim when the member may be another: written through the class
// (`Pacing.gap = …`), its key a `let`, or a later member that may share the key (an imported
// constant may be any string).

const loop = (pacing: string, call: string, extra = '') => `const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
${pacing}
${extra}
export async function pull(url: string) {
  for (let round = 0; round < 4; round++) {
    try {
      return await fetch(url);
    } catch {
      await pause(${call});
    }
  }
  throw new Error('no luck');
}
`;

const named = loop(
  `class Pacing {
  static gap(n: number) {
    return 250 * 2 ** n;
  }
}`,
  'Pacing.gap(round)',
);

const symbolKey = loop(
  `const kGap = Symbol('gap');
class Pacing {
  static [kGap](n: number) {
    return Math.min(400 * 3 ** n, 30000);
  }
}`,
  'Pacing[kGap](round)',
);

const importedKey = loop(
  `import { kGap } from './keys';
class Pacing {
  static [kGap](n: number) {
    return 100 * 2 ** n;
  }
}`,
  'Pacing[kGap](round)',
);

// A name and a symbol are different keys: the name is found past the symbol's member.
const namedBesideSymbol = loop(
  `const kOther = Symbol('other');
class Pacing {
  static gap(n: number) {
    return 250 * 2 ** n;
  }
  static [kOther](n: number) {
    return Math.random() * n;
  }
}`,
  'Pacing.gap(round)',
);

const fixedNamed = loop(
  `class Pacing {
  static gap() {
    return 1500;
  }
}`,
  'Pacing.gap()',
);

const jittered = named.replace('return 250 * 2 ** n;', 'return Math.random() * 250 * 2 ** n;');
const reassigned = loop(
  `class Pacing {
  static gap(n: number) {
    return 250 * 2 ** n;
  }
}`,
  'Pacing.gap(round)',
  'export function configure(gap: (n: number) => number) { Pacing.gap = gap; }',
);
const letKey = symbolKey.replace("const kGap = Symbol('gap');", "let kGap = Symbol('gap');\nexport function rekey(k: symbol) { kGap = k; }");
const shadowedByImported = importedKey.replace('    return 100 * 2 ** n;\n  }\n}', "    return 100 * 2 ** n;\n  }\n  static other(n: number) {\n    return Math.random() * n;\n  }\n}");
const shadowedByName = loop(
  `import { kGap } from './keys';
class Pacing {
  static [kGap](n: number) {
    return 100 * 2 ** n;
  }
  static gap(n: number) {
    return Math.random() * n;
  }
}`,
  'Pacing[kGap](round)',
);
const writtenAtKey = symbolKey + "export function swap(f: (n: number) => number) { Pacing[kGap] = f; }\n";
const instanceNotStatic = loop(
  `class Pacing {
  gap(n: number) {
    return 250 * 2 ** n;
  }
  static gap(n: number) {
    return Math.random() * n;
  }
}`,
  'Pacing.gap(round)',
);

// The loop's header: the line it is on in each case.
const at = (code: string) => {
  const line = code.split('\n').findIndex((l) => l.startsWith('  for (')) + 1;
  return { line, column: 3, endLine: line, endColumn: 42 };
};

ruleTester.run('require-jitter with a wait computed by a static method', requireJitter, {
  valid: [
    { name: 'the static method adds randomness', code: jittered },
    { name: 'the static member is reassigned through the class', code: reassigned },
    { name: 'the computed key is a let another function reassigns', code: letKey },
    { name: 'an imported key beside a named static member that may share it', code: shadowedByImported },
    { name: 'a later named member may be the imported key', code: shadowedByName },
    { name: 'the member at the symbol key is written through the class', code: writtenAtKey },
    { name: 'the static member of that name is the randomised one', code: instanceNotStatic },
  ],
  invalid: [
    { name: 'a named static method', code: named, errors: [{ messageId: 'missingJitter', ...at(named), data: { what: 'This retry loop', delay: '250 ms × 2^n', attempts: 'up to 4 attempts' } }] },
    { name: 'a static method at a symbol key', code: symbolKey, errors: [{ messageId: 'missingJitter', ...at(symbolKey), data: { what: 'This retry loop', delay: '400 ms × 3^n, capped at 30 s', attempts: 'up to 4 attempts' } }] },
    { name: 'a static method at an imported key, the only static member', code: importedKey, errors: [{ messageId: 'missingJitter', ...at(importedKey), data: { what: 'This retry loop', delay: '100 ms × 2^n', attempts: 'up to 4 attempts' } }] },
    { name: 'a named static method before a symbol-keyed one', code: namedBesideSymbol, errors: [{ messageId: 'missingJitter', ...at(namedBesideSymbol), data: { what: 'This retry loop', delay: '250 ms × 2^n', attempts: 'up to 4 attempts' } }] },
  ],
});

ruleTester.run('no-fixed-sleep-retry with a wait computed by a static method', noFixedSleepRetry, {
  valid: [{ name: 'an exponential static method', code: named }],
  invalid: [{ name: 'a static method answering a constant', code: fixedNamed, errors: [{ messageId: 'fixedDelay', ...at(fixedNamed), data: { what: 'This retry loop', delay: 'a fixed 1.5 s', attempts: 'up to 4 attempts' } }] }],
});
