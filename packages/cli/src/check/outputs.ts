import { resolve } from 'node:path';
import { didYouMean } from '../args.js';
import { UsageError } from '../io.js';
import { FORMATS, type Format } from './formats.js';

/** One report to write: a format, to a file or (no file) to standard output. */
export interface Output {
  format: Format;
  file?: string;
}

interface Token {
  kind: string;
  name?: string;
  value?: string | undefined;
}

/**
 * The reports a run writes, from the command line in order. One `--format` and one
 * `--output-file` go together wherever they stand, as in ESLint. With several formats
 * (`--format sarif -o a.sarif --format github`), each `--output-file` is the file of the
 * `--format` just before it, and at most one format goes to standard output.
 */
export function outputsOf(tokens: readonly Token[], cwd: string): Output[] {
  const given = tokens.filter((t) => t.kind === 'option' && (t.name === 'format' || t.name === 'output-file'));
  for (const t of given) {
    const value = t.value ?? '';
    if (t.name === 'format' && !(FORMATS as readonly string[]).includes(value)) {
      throw new UsageError(`--format must be one of ${FORMATS.join(', ')}, not '${value}'${didYouMean(value, FORMATS)}`);
    }
    // An empty name (an unset variable in a workflow, `-o "$OUT"`) would print to standard output unnoticed.
    if (t.name === 'output-file' && value.trim() === '') throw new UsageError(`--output-file must name a file, not '${value}'`);
  }
  const formats = given.filter((t) => t.name === 'format');
  const files = given.filter((t) => t.name === 'output-file');
  if (formats.length <= 1 && files.length <= 1) {
    return [{ format: (formats[0]?.value ?? 'stylish') as Format, ...(files[0] ? { file: files[0].value! } : {}) }];
  }
  const outputs: Output[] = [];
  for (const t of given) {
    if (t.name === 'format') {
      outputs.push({ format: t.value as Format });
      continue;
    }
    const last = outputs[outputs.length - 1];
    if (!last) throw new UsageError(`--output-file ${t.value} comes before any --format: with several formats, give each format's --output-file after it`);
    if (last.file !== undefined) throw new UsageError(`--format ${last.format} is given two output files (${last.file}, ${t.value})`);
    last.file = t.value!;
  }
  const toStdout = outputs.filter((o) => o.file === undefined);
  if (toStdout.length > 1) {
    throw new UsageError(`only one format can go to standard output, not ${toStdout.map((o) => o.format).join(' and ')}: give the others an --output-file after them`);
  }
  const seen = new Map<string, string>();
  for (const { file } of outputs) {
    if (file === undefined) continue;
    const path = resolve(cwd, file);
    if (seen.has(path)) throw new UsageError(`--output-file ${file} is given for two formats`);
    seen.set(path, file);
  }
  return outputs;
}
