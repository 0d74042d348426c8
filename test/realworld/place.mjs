// Placing a label: the functions of a parsed file with the names a label may use for them
// (README.md: how a label names its function). Shared by the package and repository halves.

export function functionsOf(ast, keys) {
  const result = [];
  // A statement at the top of the module (a `new Queue(…, { defaultJobOptions })` or a
  // `proxyActivities({ retry })` assigned to a const) is placed by the name `<top-level>`:
  // its span is that one statement.
  for (const statement of ast.body ?? []) {
    result.push({ names: new Set(['<top-level>']), start: statement.loc.start.line, end: statement.loc.end.line, range: statement.range });
  }
  const visit = (node, parent) => {
    if (/^(FunctionDeclaration|FunctionExpression|ArrowFunctionExpression)$/.test(node.type)) {
      result.push({ names: namesOf(node, parent), start: node.loc.start.line, end: node.loc.end.line, range: node.range });
    }
    for (const key of keys[node.type] ?? []) {
      const child = node[key];
      if (Array.isArray(child)) for (const c of child) c && typeof c.type === 'string' && visit(c, node);
      else if (child && typeof child.type === 'string') visit(child, node);
    }
  };
  visit(ast, undefined);
  return result;
}

function keyName(key) {
  if (!key) return undefined;
  if (key.type === 'Identifier' || key.type === 'PrivateIdentifier') return key.name;
  if (key.type === 'Literal' && typeof key.value === 'string') return key.value;
  return undefined;
}

function namesOf(fn, parent) {
  const names = new Set();
  if (fn.id?.name) names.add(fn.id.name);
  if (parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier') names.add(parent.id.name);
  if (/^(MethodDefinition|Property|PropertyDefinition)$/.test(parent?.type ?? '') && !parent.computed) {
    const name = keyName(parent.key);
    if (name) names.add(name);
    // A private method is named as written too (`#send`), as the messages name it.
    if (name && parent.key.type === 'PrivateIdentifier') names.add(`#${name}`);
  }
  if (parent?.type === 'AssignmentExpression') {
    const left = parent.left;
    if (left.type === 'Identifier') names.add(left.name);
    else if (left.type === 'MemberExpression' && !left.computed) {
      const name = keyName(left.property);
      if (name) names.add(name);
    }
  }
  if (names.size === 0) names.add('<anonymous>');
  return names;
}

/** The innermost function named `label.function` that contains `label.line`, or a reason why none does. */
export function placeLabel(functions, label) {
  const candidates = functions.filter((f) => f.start <= label.line && label.line <= f.end && f.names.has(label.function));
  candidates.sort((a, b) => b.start - a.start || a.end - b.end);
  const fn = candidates[0];
  return fn ? { start: fn.start, end: fn.end } : `no function named ${label.function} contains line ${label.line}`;
}
