import { createRequire } from 'node:module';

/** This package's version, from its package.json (dist/version.js → ../package.json). */
export const VERSION = (createRequire(import.meta.url)('../package.json') as { version: string }).version;
