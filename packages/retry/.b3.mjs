import { retry } from '@retry-hygiene/retry';
import pRetry from 'p-retry';
const succeed = async () => 42;
const N = 100000;
const which = process.argv[2];
async function t(name, run) { for (let w=0; w<3; w++){ const s = process.hrtime.bigint(); for (let i=0;i<N;i++) await run(); const ns = Number(process.hrtime.bigint()-s)/N; console.log(name, w, ns.toFixed(1)); } }
const cases = {
 none: () => retry(succeed),
 empty: () => retry(succeed, {}),
 max: () => retry(succeed, {maxAttempts: 3}),
 pempty: () => pRetry(succeed, {}),
 pretries: () => pRetry(succeed, {retries: 2}),
};
await t(which, cases[which]);
