'use strict';
exports.NEVER = void 0;
exports.NEVER = new AbortController().signal;
