"use strict";
// What TypeScript emits for `export * from './retry'` in a CommonJS build.
var __exportStar = (this && this.__exportStar) || function (m, exports) {
  for (var p in m) if (p !== "default" && !Object.prototype.hasOwnProperty.call(exports, p)) exports[p] = m[p];
};
Object.defineProperty(exports, "__esModule", { value: true });
__exportStar(require("./retry.cjs"), exports);
