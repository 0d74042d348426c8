const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

class Assistant {
  constructor(endpoint) {
    this.endpoint = endpoint;
  }

  async complete(prompt) {
    for (let attempt = 0; ; attempt++) {
      try {
        const res = await fetch(this.endpoint, { method: 'POST', body: prompt });
        return await res.text();
      } catch (err) {
        if (attempt >= 3) throw err;
        await pause(Math.random() * 200 * 2 ** attempt);
      }
    }
  }
}

module.exports = { Assistant };
