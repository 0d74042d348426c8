const makeFetch = require('./lib/fetch-again.cjs');

const fetchAgain = makeFetch(fetch);

async function health() {
  return fetchAgain('/health');
}

async function job(id) {
  return fetchAgain(`/jobs/${id}`, { retryOn: (n, err, res) => res && res.status === 202 });
}

module.exports = { health, job };
