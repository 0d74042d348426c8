// Options of the syncer: a plain object made by a function, not a class.
export function options() {
  return { refresh: async () => undefined };
}
