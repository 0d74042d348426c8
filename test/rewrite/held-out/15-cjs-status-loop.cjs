// CommonJS: retries 5xx responses, throws on the last one, returns the parsed body.
const { httpGet } = require('./http');

async function fetchCatalog(page) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const res = await httpGet(`/catalog?page=${page}`);
    if (res.statusCode < 500) return res.body;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`catalog page ${page} unavailable`);
}

module.exports = { fetchCatalog };
