// The benchmark's files: a 3 002-line TypeScript file with retries in every `every`-th block
// of 30 lines (makeFile(10): 20 retry sites, the realistic case, as dense as the densest real code
// measured by density.mjs; makeFile(1): 200 sites, the stress case).
/** One block of 30 lines: two bad retries, one good one, and ordinary code around them. */
function block(i) {
  return `
const DELAY_${i} = ${1000 + i};
export interface Order${i} { id: string; total: number; lines: { sku: string; qty: number }[] }

export async function getOrder${i}(id: string): Promise<Order${i}> {
  for (;;) {
    try {
      const res = await fetch(\`https://orders.internal/v${i}/orders/\${id}\`);
      if (!res.ok) throw new Error(\`orders responded \${res.status}\`);
      return (await res.json()) as Order${i};
    } catch (err) {
      await sleep(DELAY_${i});
    }
  }
}

export async function deliver${i}(url: string, body: string): Promise<Response> {
  let lastError: unknown;
  for (let attempt = 0; attempt < ${3 + (i % 5)}; attempt++) {
    try {
      return await fetch(url, { method: 'POST', body });
    } catch (err) {
      lastError = err;
      await sleep(${i % 2 ? 'Math.random() * ' : ''}Math.min(10_000, ${100 + (i % 7) * 50} * 2 ** attempt));
    }
  }
  throw lastError;
}

export const total${i} = (o: Order${i}) => o.lines.reduce((sum, l) => sum + l.qty, 0) * o.total;
`;
}

/** 30 lines of ordinary code: loops over items, a try/catch, a class; no retry. */
function plainBlock(i) {
  return `
export interface Invoice${i} { id: string; lines: { sku: string; qty: number; price: number }[]; paid: boolean }

export function invoiceTotal${i}(invoice: Invoice${i}): number {
  let total = 0;
  for (const line of invoice.lines) {
    if (line.qty <= 0) continue;
    total += line.qty * line.price;
  }
  return Math.round(total * 100) / 100;
}

export async function loadInvoices${i}(ids: string[]): Promise<Invoice${i}[]> {
  const out: Invoice${i}[] = [];
  for (const id of ids) {
    try {
      const res = await fetch(\`/api/v${i}/invoices/\${id}\`);
      out.push((await res.json()) as Invoice${i});
    } catch (err) {
      console.warn('invoice', id, 'failed', err);
    }
  }
  return out;
}

export class InvoiceCache${i} {
  private readonly byId = new Map<string, Invoice${i}>();
  get(id: string): Invoice${i} | undefined { return this.byId.get(id); }
  put(invoice: Invoice${i}): void { this.byId.set(invoice.id, invoice); }
}
`;
}

/**
 * `count` blocks of 30 lines (100 by default: 3 002 lines; 667: 20 012 lines, the big-file
 * benchmark's); every `every`-th one holds retries (two bad, one good on alternate blocks).
 */
export function makeFile(every, count = 100) {
  const head = 'const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));\n';
  const blocks = [];
  for (let i = 0; i < count; i++) blocks.push(i % every === 0 ? block(i) : plainBlock(i));
  return head + blocks.join('');
}
