/**
 * Curve colours with at least 3:1 contrast against both a white page and dark editor
 * backgrounds (#1e1e1e, #0d1117), so one chart reads in light and dark themes. The named
 * strategies keep their colour across charts; other policies take the rest in turn.
 */
const BY_STRATEGY: Record<string, string> = {
  constant: '#e03131',
  linear: '#e8590c',
  exponential: '#be4bdb',
  full: '#1c7ed6',
  equal: '#1098ad',
  decorrelated: '#2f9e44',
};
const PALETTE = ['#1c7ed6', '#e8590c', '#2f9e44', '#be4bdb', '#e03131', '#1098ad', '#e64980', '#4c6ef5'];

export function curveColors(labels: readonly string[]): string[] {
  let next = 0;
  const used = new Set(labels.map((label) => BY_STRATEGY[label]).filter((c) => c !== undefined));
  return labels.map((label) => {
    const named = BY_STRATEGY[label];
    if (named) return named;
    // Skip colours a named strategy in the same chart already has.
    for (let tries = 0; tries < PALETTE.length; tries++) {
      const color = PALETTE[next++ % PALETTE.length]!;
      if (!used.has(color)) {
        used.add(color);
        return color;
      }
    }
    return PALETTE[next++ % PALETTE.length]!;
  });
}

/** Axis and text colours for the light and dark colour schemes; each still reads at 3:1 on the other. */
export const NEUTRAL = { light: '#6e7781', dark: '#8b949e' } as const;
