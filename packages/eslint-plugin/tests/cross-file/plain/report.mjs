import { formatAll } from './format.mjs';
export const lines = (rows) => formatAll(rows, (r) => `${r.id}: ${r.total}`);
