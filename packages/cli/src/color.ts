/**
 * Whether a command colours what it prints to standard output. In order: the command
 * line (`--color` / `--no-color`), then `FORCE_COLOR` (set and not `0` or `false`: colour;
 * `0` or `false`: none — it wins over NO_COLOR, as in Node), then `NO_COLOR` (set and not
 * empty: none, https://no-color.org), else whether standard output is a terminal. A report
 * written to a file is never coloured: callers pass `toFile`.
 */
export function useColor({ flag, isTTY, env, toFile = false }: { flag?: boolean; isTTY: boolean; env: NodeJS.ProcessEnv; toFile?: boolean }): boolean {
  if (toFile) return false;
  if (flag !== undefined) return flag;
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force.toLowerCase() !== 'false';
  if (env.NO_COLOR) return false;
  return isTTY;
}
