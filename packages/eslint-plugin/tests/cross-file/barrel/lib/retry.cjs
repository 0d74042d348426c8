"use strict";
async function retryForever(fn) {
  for (;;) {
    try {
      return await fn();
    } catch (err) {
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }
}
exports.retryForever = retryForever;
