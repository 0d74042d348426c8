// `--tolerate-fs`: the fuzz run as if the analysis's file access already never threw (the change
// being made elsewhere, issue 31). Each fs function the analysis imports is wrapped so that a
// file-system fault (ENOTDIR, ELOOP, a NUL byte, …) reads as "not found", which the analysis
// tolerates; `syncBuiltinESMExports` makes the wrappers what `import { statSync } from 'node:fs'`
// sees. A variant an fs fault used to stop then runs on, so a rule exception behind it shows.
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';

const WRAPPED = ['statSync', 'lstatSync', 'readFileSync', 'readdirSync', 'realpathSync', 'openSync', 'accessSync'];

/**
 * Installs the wrappers; `isFault(error)` says which errors to turn into "not found", `onFault`
 * hears of each. Returns a function that puts the originals back.
 */
export function tolerateFsFaults(isFault, onFault) {
  const originals = WRAPPED.map((name) => [name, fs[name]]);
  for (const [name, original] of originals) {
    const wrapped = function (path, options) {
      try {
        return original.apply(this, arguments);
      } catch (error) {
        if (!isFault(error)) throw error;
        onFault(error);
        if ((name === 'statSync' || name === 'lstatSync') && options?.throwIfNoEntry === false) return undefined;
        throw Object.assign(new Error(`ENOENT: no such file or directory (was ${error.code}), ${name} '${String(path)}'`), { code: 'ENOENT', errno: -2, syscall: name });
      }
    };
    // realpathSync.native and friends stay reachable.
    Object.assign(wrapped, original);
    fs[name] = wrapped;
  }
  syncBuiltinESMExports();
  return () => {
    for (const [name, original] of originals) fs[name] = original;
    syncBuiltinESMExports();
  };
}
