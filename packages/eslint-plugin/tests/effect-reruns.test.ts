import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import { ruleTester } from './rule-tester.js';

/**
 * A React effect runs again after a render in which one of its dependencies changed: a setter of
 * a dependency called from the effect's failure path (`es.onerror` → a timer → `setAttempt(a =>
 * a + 1)`) is the effect retrying itself. Hooks are known by their import from React; a setter of
 * a state the effect does not depend on, or a hook of another module named `useEffect`, runs
 * nothing again.
 */

const hook = (deps: string, imports = "import { useEffect, useState } from 'react';", guard = '') => `${imports}

export function useStream(url: string) {
  const [attempt, setAttempt] = useState(0);
  const [errors, setErrors] = useState(0);
  useEffect(() => {
    const es = new EventSource(url);
    es.onerror = () => {
      es.close();
      setErrors((n) => n + 1);
      ${guard}setTimeout(() => setAttempt((a) => a + 1), 2000);
    };
    return () => es.close();
  }, [${deps}]);
  return errors;
}
`;

const fixed = (attempts: string) => ({ messageId: 'fixedDelay' as const, line: 11, column: 24, data: { what: 'This self-retrying function', delay: 'a fixed 2 s', attempts } });

ruleTester.run('no-fixed-sleep-retry through a state an effect depends on', noFixedSleepRetry, {
  valid: [
    { name: 'TypeScript: the effect does not depend on the state set', code: hook('url, errors'.replace(', errors', '')), filename: 'use-stream.ts' },
    { name: 'TypeScript: a useEffect of another module', code: hook('url, attempt', "import { useEffect, useState } from './my-hooks';"), filename: 'use-stream.ts' },
  ],
  invalid: [
    { name: 'TypeScript: the attempt is a dependency', code: hook('url, attempt'), filename: 'use-stream.ts', errors: [fixed('no limit on attempts')] },
    { name: 'TypeScript: React.useEffect and React.useState', code: hook('url, attempt', "import React from 'react';").replace(/useState\(/g, 'React.useState(').replace('useEffect(() =>', 'React.useEffect(() =>'), filename: 'use-stream.ts', errors: [fixed('no limit on attempts')] },
  ],
});

ruleTester.run('no-unbounded-retry through a state an effect depends on', noUnboundedRetry, {
  valid: [{ name: 'TypeScript: the effect stops after five attempts', code: hook('url, attempt', undefined, 'if (attempt >= 5) return;\n      '), filename: 'use-stream.ts' }],
  invalid: [{ name: 'TypeScript: nothing stops it', code: hook('url, attempt'), filename: 'use-stream.ts', errors: [{ messageId: 'unbounded', line: 11, column: 24 }] }],
});
