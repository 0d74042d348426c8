#!/usr/bin/env node
// Committed launcher: npm links bins at install time, before `tsc -b` writes dist/.
import '../dist/bin.js';
