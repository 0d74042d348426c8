import { forgetConstructions } from './constructions.js';
import { cachedSummaryCount, forgetModules } from './cross-file/summaries.js';
import { forgetProjectRoots } from './files/project-root.js';
import { forgetFailures } from './files/read.js';
import { forgetPackages } from './own-package.js';
import { forgetLibraryVersions } from './library-versions.js';
import { forgetPathAliases } from './specifiers/path-aliases.js';
import { forgetBuildLayouts } from './workspaces/output-source.js';
import { forgetWorkspaces } from './workspaces/packages.js';

/**
 * Forgets everything read from files other than the one being linted. Each cache checks its own
 * file's mtime and size, but what a module reads as depends on the modules it imports in turn
 * (a wait two imports away) and on files added since (a new construction of a class), which no
 * single mtime shows. A long-lived host that learns of changed files (the language server on a
 * watched-file change or a save) calls this before linting again.
 */
export function forgetProjectFiles(): void {
  forgetModules();
  forgetConstructions();
  forgetPackages();
  forgetWorkspaces();
  forgetBuildLayouts();
  forgetPathAliases();
  forgetProjectRoots();
  forgetFailures();
  forgetLibraryVersions();
}

/** How many other modules the analysis keeps parsed now: bounded, whatever the project's size. */
export function keptModuleCount(): number {
  return cachedSummaryCount();
}
