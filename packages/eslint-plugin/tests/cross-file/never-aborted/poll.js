'use strict';
const { NEVER } = require('./abort.cjs');

async function waitForReady(url, signal = NEVER) {
  while (!signal.aborted) {
    try {
      return await fetch(url);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 1000 + Math.random() * 1000));
    }
  }
  throw new Error('aborted');
}

module.exports = { waitForReady };
