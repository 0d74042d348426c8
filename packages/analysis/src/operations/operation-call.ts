import type { TSESTree } from '@typescript-eslint/utils';
import { calleeName, dottedName } from '../ast.js';

// A leaf module: the summaries ask it too, without joining the modules that scan attempts.

const TRIVIAL_ROOT = /^(console|logger|log|logging|JSON|Math|Date|Object|Array|Number|String|Boolean|Symbol|Reflect|performance|process|metrics|tracer|span|assert|util)$/;
const TRIVIAL_NAME = /^(log|info|warn|error|debug|trace|fatal|push|emit|next|throw|captureStackTrace|toString|toFixed|now|isArray|includes|keys|values|entries|map|filter|forEach|reduce|join|slice|splice|concat|parseInt|parseFloat|String|Number|Boolean|require|resolve|reject|clearTimeout|setAttribute|inc|increment|observe|record|captureException)$/;

/**
 * A call that does work someone could be retrying (not logging, arithmetic or bookkeeping).
 * An awaited call is work whatever its name (`await queue.push(msg)`, `await node.join()`):
 * the name lists only keep synchronous helpers such as `console.log` out.
 */
export function isOperationCall(call: TSESTree.CallExpression): boolean {
  if (call.parent?.type === 'AwaitExpression' && !/^(setTimeout|setImmediate)$/.test(calleeName(call) ?? '')) return true;
  const dotted = dottedName(call.callee) ?? '';
  // The first and last names of the dotted name, without splitting it (twice) into a list.
  const firstDot = dotted.indexOf('.');
  const root = firstDot === -1 ? dotted : dotted.slice(0, firstDot);
  const last = dotted.slice(dotted.lastIndexOf('.') + 1);
  if (TRIVIAL_ROOT.test(root) && root !== '') return false;
  if (TRIVIAL_NAME.test(last)) return false;
  if (/^(setTimeout|setInterval|setImmediate|queueMicrotask)$/.test(last)) return false;
  return true;
}
