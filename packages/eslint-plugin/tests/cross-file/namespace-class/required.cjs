const assist = require('./lib/assistant.cjs');

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function answer(prompt) {
  const client = new assist.Assistant('https://llm.example');
  for (let i = 0; i < 4; i++) {
    try {
      return await client.complete(prompt);
    } catch {
      await pause(1000);
    }
  }
  throw new Error('no answer');
}

module.exports = { answer };
