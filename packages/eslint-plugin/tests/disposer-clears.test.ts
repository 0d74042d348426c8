import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import { ruleTester } from './rule-tester.js';

/**
 * A timer whose handle is cleared only in a function its arming function returns (a React
 * effect's cleanup `return () => clearTimeout(t)`, an unsubscribe) is a schedule, not a
 * deadline: the owner tears it down whether or not anything answered, so its callback does not
 * run "because the attempt failed". A state set from it is not a retry. A clear where the
 * answer comes in (`fetch(…).then(() => clearTimeout(t))`) still makes the timer a deadline.
 */

const statusTsx = `import { useEffect, useState } from 'react';

export function SaveStatus({ initial }: { initial: string | null }) {
  const [status, setStatus] = useState<string | null>(initial);
  useEffect(() => {
    if (status === 'saved') {
      const timerId = setTimeout(() => setStatus(null), 3000);
      return () => clearTimeout(timerId);
    }
    return undefined;
  }, [status]);
  return status;
}
`;

const checkmarkTsx = `import * as React from 'react';
import { useEffect, useState } from 'react';

export function Progress({ finished }: { finished: boolean }) {
  const [showCheckmark, setShowCheckmark] = useState(false);
  useEffect(() => {
    if (!finished) return undefined;
    const timer = setTimeout(() => {
      setShowCheckmark(true);
    }, 2500);
    return () => {
      clearTimeout(timer);
    };
  }, [finished, showCheckmark]);
  return React.createElement('span', null, showCheckmark ? 'done' : '…');
}
`;

/** JavaScript: a ticker that arms itself again and hands its caller a stop function. */
const tickerJs = `
function tick(render) {
  render();
  const handle = setTimeout(() => tick(render), 1000);
  return () => clearTimeout(handle);
}
module.exports = { tick };
`;

/** The same effect with a watchdog: cleared when the response comes, else the effect runs again. */
const watchdogTsx = `import { useEffect, useState } from 'react';

export function useWatchdog(url: string) {
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const t = setTimeout(() => setAttempt((a) => a + 1), 5000);
    fetch(url).then(() => clearTimeout(t));
    return () => clearTimeout(t);
  }, [url, attempt]);
  return attempt;
}
`;

ruleTester.run('no-fixed-sleep-retry with a timer cleared by its effect cleanup', noFixedSleepRetry, {
  valid: [
    { name: 'TypeScript: a status reset after a delay, cleared on cleanup', code: statusTsx, filename: 'save-status.tsx' },
    { name: 'TypeScript: a checkmark shown after a delay, cleanup with a block body', code: checkmarkTsx, filename: 'progress.tsx' },
    { name: 'JavaScript: a ticker returning its stop function', code: tickerJs, filename: 'ticker.js' },
  ],
  invalid: [],
});

ruleTester.run('no-unbounded-retry with a timer cleared by its effect cleanup', noUnboundedRetry, {
  valid: [
    { name: 'TypeScript: a status reset after a delay, cleared on cleanup', code: statusTsx, filename: 'save-status.tsx' },
    { name: 'TypeScript: a checkmark shown after a delay, cleanup with a block body', code: checkmarkTsx, filename: 'progress.tsx' },
    { name: 'JavaScript: a ticker returning its stop function', code: tickerJs, filename: 'ticker.js' },
  ],
  invalid: [
    { name: 'TypeScript: a watchdog cleared when the response comes is still a deadline', code: watchdogTsx, filename: 'use-watchdog.tsx', errors: [{ messageId: 'unbounded', line: 6, column: 32 }] },
  ],
});
