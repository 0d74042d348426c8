// The type half of the suggestion proof: every TypeScript output of a set of files, checked in
// one program (strict) against @retry-hygiene/retry's types, must have no error its original
// did not have. Shared by the fixtures' and the held-out shapes' suites.
import { basename, dirname, join } from 'node:path';
import ts from 'typescript';
import type { AppliedSuggestion } from './suggestion-proof.js';

export interface ProvedFile {
  name: string;
  absPath: string;
  code: string;
  applied: AppliedSuggestion[];
}

/** The outputs checked, and each type error an output has that its original did not. */
export function introducedTypeErrors(fixtures: readonly ProvedFile[]): { pairs: number; introduced: string[] } {
  const virtual = new Map<string, string>();
  const pairs: { label: string; original: string; output: string }[] = [];
  fixtures.forEach((f, i) => {
    if (!/\.[cm]?tsx?$/.test(f.absPath)) return;
    f.applied.forEach((a, j) => {
      // Beside the fixture, so that node_modules resolution finds the workspace packages.
      const dir = join(dirname(f.absPath), `.proof-${i}-${j}`);
      const original = join(dir, 'original', basename(f.absPath));
      const output = join(dir, 'output', basename(f.absPath));
      virtual.set(original, f.code);
      virtual.set(output, a.output);
      pairs.push({ label: `${f.name}:${a.line} ${a.rule} "${a.desc}"`, original, output });
    });
  });
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    types: ['node'],
    jsx: ts.JsxEmit.ReactJSX,
    experimentalDecorators: true,
    skipLibCheck: true,
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.readFile = (file) => virtual.get(file) ?? readFile(file);
  host.fileExists = (file) => virtual.has(file) || fileExists(file);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (file, language, onError, create) => {
    const text = virtual.get(file);
    return text !== undefined ? ts.createSourceFile(file, text, language, true) : getSourceFile(file, language, onError, create);
  };
  const program = ts.createProgram([...virtual.keys()], options, host);
  const messagesOf = (file: string) =>
    [...program.getSyntacticDiagnostics(program.getSourceFile(file)), ...program.getSemanticDiagnostics(program.getSourceFile(file))].map(
      (d) => `TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
    );
  const introduced: string[] = [];
  for (const pair of pairs) {
    const before = messagesOf(pair.original);
    for (const message of messagesOf(pair.output)) {
      const at = before.indexOf(message);
      if (at >= 0) before.splice(at, 1);
      else introduced.push(`${pair.label}: ${message}`);
    }
  }
  return { pairs: pairs.length, introduced };
}
