/**
 * node:util's parseArgs errors, in words: one line naming the argument, and for an unknown
 * option the nearest known one ("did you mean --format?"). Shared by every command.
 */

/** The known name nearest to `given`, when near enough to be a typo: a prefix of it, or at most 2 edits (1 for short names). */
export function nearest(given: string, known: readonly string[]): string | undefined {
  const bare = given.replace(/^-+/, '').toLowerCase();
  if (bare === '') return undefined;
  let best: { name: string; distance: number } | undefined;
  for (const name of known) {
    const candidate = name.replace(/^-+/, '').toLowerCase();
    const distance = candidate.startsWith(bare) && bare.length >= 3 ? 0 : editDistance(bare, candidate, 3);
    const limit = Math.min(2, Math.floor(candidate.length / 3));
    if (distance <= limit && (!best || distance < best.distance)) best = { name, distance };
  }
  return best?.name;
}

/** Levenshtein distance, given up (returning `max`) once above max - 1: bounded work whatever the input. */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) >= max || a.length > 100 || b.length > 100) return max;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    if (Math.min(...row) >= max) return max;
    previous = row;
  }
  return Math.min(previous[b.length]!, max);
}

/** " (did you mean --format?)", or nothing when no known name is near. */
export function didYouMean(given: string, known: readonly string[]): string {
  const match = nearest(given, known);
  return match ? `; did you mean ${match}?` : '';
}

/** A parseArgs error as one line; `options` are the command's parseArgs options, for "did you mean". */
export function parseErrorMessage(error: unknown, options: Record<string, unknown> = {}): string {
  const { code, message } = error as { code?: string; message: string };
  const quoted = /'([^']+)'/.exec(message)?.[1] ?? '';
  // "'-h, --help'" and "'--clients <value>'" both name the option by its long form.
  const named = /--[\w-]+/.exec(quoted)?.[0] ?? quoted.split(' ')[0] ?? quoted;
  // "-o" alone: said by its long name, which `--output-file=<value>` can follow.
  const short = /^-(\w)$/.exec(named)?.[1];
  const long = short ? Object.entries(options).find(([, o]) => (o as { short?: string }).short === short)?.[0] : undefined;
  const option = long ? `--${long}` : named;
  switch (code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION': {
      const name = option.replace(/=.*$/, '');
      return `unknown option '${name}'${didYouMean(name, Object.keys(options).map((o) => `--${o}`))} (see --help)`;
    }
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      if (message.includes('ambiguous')) return `${option} needs a value (write ${option}=<value> for one starting with '-')`;
      return message.includes('argument missing') ? `${option} needs a value` : `${option} does not take a value`;
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `unexpected argument '${quoted}' (options only; see --help)`;
    default:
      return message.split('\n')[0] ?? message;
  }
}
