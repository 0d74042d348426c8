/**
 * A unified diff of two texts, as `git diff` prints it (`--- a/…`, `+++ b/…`, `@@` hunks with
 * three lines of context), for `check --fix-suggestions --dry-run`. Lines are compared with
 * Myers' O(ND) algorithm; past MAX_EDITS differing lines the changed middle is one hunk, so
 * the work stays bounded whatever the files.
 */
const CONTEXT = 3;
const MAX_EDITS = 2_000;

type Op = { kind: ' ' | '-' | '+'; line: string };

export function unifiedDiff(path: string, before: string, after: string): string {
  if (before === after) return '';
  const a = splitLines(before);
  const b = splitLines(after);
  const ops = myers(a, b) ?? middle(a, b);
  const hunks: string[] = [];
  let i = 0;
  while (i < ops.length) {
    if (ops[i]!.kind === ' ') {
      i++;
      continue;
    }
    // A hunk: from CONTEXT lines before this change to CONTEXT lines after the last change within reach.
    let start = i;
    let context = 0;
    while (start > 0 && context < CONTEXT && ops[start - 1]!.kind === ' ') {
      start--;
      context++;
    }
    let end = i;
    let lastChange = i;
    while (end < ops.length) {
      if (ops[end]!.kind !== ' ') lastChange = end;
      else if (end - lastChange > 2 * CONTEXT) break;
      end++;
    }
    end = Math.min(ops.length, lastChange + 1 + CONTEXT);
    const slice = ops.slice(start, end);
    const oldStart = 1 + ops.slice(0, start).filter((o) => o.kind !== '+').length;
    const newStart = 1 + ops.slice(0, start).filter((o) => o.kind !== '-').length;
    const oldCount = slice.filter((o) => o.kind !== '+').length;
    const newCount = slice.filter((o) => o.kind !== '-').length;
    hunks.push(`@@ -${range(oldStart, oldCount)} +${range(newStart, newCount)} @@`, ...slice.map((o) => `${o.kind}${o.line}`));
    i = end;
  }
  return `--- a/${path}\n+++ b/${path}\n${hunks.join('\n')}\n`;
}

function range(start: number, count: number): string {
  // As diff prints them: an empty range starts at the line before it.
  return count === 1 ? `${start}` : `${count === 0 ? start - 1 : start},${count}`;
}

function splitLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** The shortest edit script, or undefined past MAX_EDITS. */
function myers(a: readonly string[], b: readonly string[]): Op[] | undefined {
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, MAX_EDITS);
  const offset = max + 1;
  let v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice());
    const next = v.slice();
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      next[offset + k] = x;
      if (x >= n && y >= m) return backtrack(a, b, [...trace.slice(1), next], offset, d);
    }
    v = next;
  }
  return undefined;
}

function backtrack(a: readonly string[], b: readonly string[], trace: Int32Array[], offset: number, depth: number): Op[] {
  const ops: Op[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = depth; d > 0; d--) {
    const v = trace[d - 1]!;
    const k = x - y;
    const prevK = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? k + 1 : k - 1;
    const prevX = v[offset + prevK]!;
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) ops.push({ kind: ' ', line: a[--x]! }), y--;
    if (x === prevX) ops.push({ kind: '+', line: b[--y]! });
    else ops.push({ kind: '-', line: a[--x]! });
  }
  while (x > 0 && y > 0) ops.push({ kind: ' ', line: a[--x]! }), y--;
  return ops.reverse();
}

/** Common first and last lines kept, the rest replaced: the bounded fallback. */
function middle(a: readonly string[], b: readonly string[]): Op[] {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  return [
    ...a.slice(0, head).map((line) => ({ kind: ' ' as const, line })),
    ...a.slice(head, a.length - tail).map((line) => ({ kind: '-' as const, line })),
    ...b.slice(head, b.length - tail).map((line) => ({ kind: '+' as const, line })),
    ...a.slice(a.length - tail).map((line) => ({ kind: ' ' as const, line })),
  ];
}
