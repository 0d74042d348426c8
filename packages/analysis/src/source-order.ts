import type { TSESTree } from '@typescript-eslint/utils';
import type { Node } from './ast.js';
import type { AnalysisContext } from './context.js';

/**
 * The nodes of a few types of a file in source order, and the ones inside a node found by
 * binary search: a question every retry site asks about its own body ("which assignments, which
 * calls are in here?") is answered without walking the body, so that sites nested in each other
 * do not walk each other's code once per level (600 nested loops made that quadratic).
 */
export type IndexedType = 'AssignmentExpression' | 'CallExpression' | 'SwitchStatement';

const INDEXED: ReadonlySet<string> = new Set<IndexedType>(['AssignmentExpression', 'CallExpression', 'SwitchStatement']);

type FileIndex = Map<IndexedType, Node[]>;

// Keyed by the AST: a context of another module lives across lints (project caches), its AST with it.
const indexes = new WeakMap<TSESTree.Program, FileIndex>();

function indexOf(ctx: AnalysisContext): FileIndex {
  const ast = ctx.sourceCode.ast;
  let index = indexes.get(ast);
  if (index) return index;
  index = new Map();
  const lists = index;
  // The traversal visits in source order, a node before its children: each list comes out sorted
  // by start, an outer node before an inner one that starts with it.
  for (const type of INDEXED) lists.set(type as IndexedType, ctx.nodesOfKind(type as IndexedType).slice());
  // A traversal whose visitor keys are not in source order (decorators…) leaves a list to sort.
  for (const list of lists.values()) if (!sorted(list)) list.sort((a, b) => a.range[0] - b.range[0] || b.range[1] - a.range[1]);
  indexes.set(ast, index);
  return index;
}

function sorted(list: readonly Node[]): boolean {
  for (let i = 1; i < list.length; i++) {
    const a = list[i - 1] as Node;
    const b = list[i] as Node;
    if (a.range[0] > b.range[0] || (a.range[0] === b.range[0] && a.range[1] < b.range[1])) return false;
  }
  return true;
}

/** The file's nodes of `type` in source order (an outer node before the inner nodes it starts with). */
export function nodesOfType(type: IndexedType, ctx: AnalysisContext): readonly Node[] {
  return indexOf(ctx).get(type) as Node[];
}

/** Index of the first of `nodes` (sorted by start) that starts at or after `position`. */
export function firstStartingAt(nodes: readonly Node[], position: number): number {
  let lo = 0;
  let hi = nodes.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((nodes[mid] as Node).range[0] < position) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const roots = new WeakMap<Node, Node>();

/**
 * The root of the tree `node` is in (its Program, for a node of a parsed file). Remembered for
 * every node on the way up, so that asking for each of many nested nodes climbs each link once.
 */
export function rootOf(node: Node): Node {
  const climbed: Node[] = [];
  let n = node;
  let root: Node | undefined;
  for (;;) {
    root = roots.get(n);
    if (root || !n.parent) break;
    climbed.push(n);
    n = n.parent;
  }
  root ??= n;
  for (const c of climbed) roots.set(c, root);
  return root;
}

/**
 * The nodes of `type` inside `root` (root included), in source order, or undefined when `root`
 * is not a node of the context's file (then the caller walks, as before).
 */
export function nodesWithin(type: IndexedType, root: Node, ctx: AnalysisContext): Node[] | undefined {
  if (rootOf(root) !== ctx.sourceCode.ast) return undefined;
  const nodes = nodesOfType(type, ctx);
  const [start, end] = root.range;
  const result: Node[] = [];
  for (let i = firstStartingAt(nodes, start); i < nodes.length; i++) {
    const node = nodes[i] as Node;
    if (node.range[0] >= end) break;
    if (node.range[1] <= end) result.push(node);
  }
  return result;
}
