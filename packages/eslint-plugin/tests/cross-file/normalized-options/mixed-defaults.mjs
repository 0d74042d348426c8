const BASE = { tries: 3, pause: (n) => 400 * 2 ** n, spread: undefined, cap: Infinity };
const baseOptions = () => ({ ...BASE, codes: [503] });
export const normalize = (given = {}) => {
  if (typeof given === 'number') {
    return { ...baseOptions(), pause: () => 400, tries: given };
  }
  const kept = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined));
  return { ...baseOptions(), ...kept, tries: kept.tries ?? BASE.tries };
};
