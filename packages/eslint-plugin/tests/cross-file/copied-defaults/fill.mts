// The project's own merge of defaults: copies each source's keys the target lacks, returns the target.
export function fillMissing<T, S>(target: T, source: S): T & S;
export function fillMissing(target: object, ...sources: Array<object | undefined>): object;
export function fillMissing(target: any, ...sources: Array<Record<string, unknown> | undefined>): object {
  target = Object(target);
  for (const source of sources) {
    if (source == null) continue;
    for (const key in source) {
      if (target[key] === undefined) target[key] = source[key];
    }
  }
  return target;
}

// Not a merge: a fresh object from the last source alone.
export function lastOf(_target: object, ...sources: object[]): object {
  const last = sources[sources.length - 1];
  return { ...last };
}
