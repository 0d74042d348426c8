import type { TSESTree } from '@typescript-eslint/utils';
import type { Fix, Fixer, Node, SourceCode } from './types.js';

/** A file type annotations may be written in (.ts, .tsx, .mts, .cts). */
export function isTypeScriptFile(filename: string): boolean {
  return /\.[cm]?tsx?$/.test(filename);
}

/** `Math.random() * d`, with `d` in parentheses unless it binds tighter than `*` already. */
export function jittered(node: Node, sourceCode: SourceCode): string {
  const text = sourceCode.getText(node);
  return `Math.random() * ${bindsTight(node) ? text : `(${text})`}`;
}

function bindsTight(node: Node): boolean {
  switch (node.type) {
    case 'Identifier':
    case 'Literal':
    case 'MemberExpression':
    case 'CallExpression':
    case 'ThisExpression':
      return true;
    case 'BinaryExpression':
      // `Math.random() * a * b` is `(Math.random() * a) * b`: the same product.
      return node.operator === '*' || node.operator === '**';
    default:
      return false;
  }
}

/** Whether `inner` lies inside `outer` (ranges). */
export function within(inner: Node, outer: Node): boolean {
  return inner.range[0] >= outer.range[0] && inner.range[1] <= outer.range[1];
}

export function propertyKey(property: TSESTree.ObjectLiteralElement): string | undefined {
  if (property.type !== 'Property' || property.computed) return undefined;
  if (property.key.type === 'Identifier') return property.key.name;
  if (property.key.type === 'Literal' && typeof property.key.value === 'string') return property.key.value;
  return undefined;
}

export function findProperty(object: TSESTree.ObjectExpression, name: string): TSESTree.Property | undefined {
  return object.properties.find((p): p is TSESTree.Property => propertyKey(p) === name);
}

/** The indentation of the line `node` starts on. */
export function indentOf(node: Node, sourceCode: SourceCode): string {
  const line = sourceCode.lines[node.loc.start.line - 1] ?? '';
  return /^\s*/.exec(line)?.[0] ?? '';
}

/**
 * Sets `name: value` in an object literal: replaces the value of an existing property, or
 * adds one after the last, in the object's own layout (one line, or one property a line).
 */
export function setProperty(fixer: Fixer, sourceCode: SourceCode, object: TSESTree.ObjectExpression, name: string, value: string): Fix {
  const existing = findProperty(object, name);
  if (existing) return existing.shorthand ? fixer.replaceText(existing, `${name}: ${value}`) : fixer.replaceText(existing.value, value);
  const last = object.properties[object.properties.length - 1];
  if (!last) return fixer.replaceText(object, `{ ${name}: ${value} }`);
  const after = sourceCode.getTokenAfter(last);
  const trailingComma = after?.value === ',' ? after : undefined;
  const multiline = last.loc.start.line !== object.loc.start.line;
  if (multiline) {
    const indent = indentOf(last, sourceCode);
    return trailingComma
      ? fixer.insertTextAfter(trailingComma, `\n${indent}${name}: ${value},`)
      : fixer.insertTextAfter(last, `,\n${indent}${name}: ${value}`);
  }
  return fixer.insertTextAfter(trailingComma ?? last, `${trailingComma ? '' : ','} ${name}: ${value}${trailingComma ? ',' : ''}`);
}

/** Removes a property and the comma that separates it from its neighbour. */
export function removeProperty(fixer: Fixer, sourceCode: SourceCode, object: TSESTree.ObjectExpression, property: TSESTree.Property): Fix {
  const index = object.properties.indexOf(property);
  const next = object.properties[index + 1];
  if (next) return fixer.removeRange([property.range[0], next.range[0]]);
  const previous = object.properties[index - 1];
  const after = sourceCode.getTokenAfter(property);
  const end = after?.value === ',' ? after.range[1] : property.range[1];
  if (!previous) return fixer.replaceText(object, '{}');
  const comma = sourceCode.getTokenAfter(previous);
  const start = comma?.value === ',' ? comma.range[0] : previous.range[1];
  return fixer.removeRange([start, end]);
}

/** A statement's whole lines with their newline (a `//` comment after it goes too), when no other code is on them; else its own range. */
export function statementLines(statement: Node, sourceCode: SourceCode): [number, number] {
  const text = sourceCode.text;
  const start = text.lastIndexOf('\n', statement.range[0] - 1) + 1;
  const newline = text.indexOf('\n', statement.range[1]);
  const end = newline < 0 ? text.length : newline + 1;
  if (/^\s*$/.test(text.slice(start, statement.range[0])) && /^\s*(\/\/.*)?$/.test(text.slice(statement.range[1], newline < 0 ? text.length : newline))) return [start, end];
  return statement.range;
}
