export function formatAll(items, fn) {
  const out = [];
  for (const item of items) out.push(fn(item));
  return out;
}
