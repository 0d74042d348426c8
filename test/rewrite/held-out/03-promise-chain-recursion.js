// A promise chain that calls itself from .catch, with a counter argument.
const { api } = require('./infra');

function wait(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function loadProfile(userId, attempt = 1) {
  return api
    .getProfile(userId)
    .catch((err) => {
      if (attempt >= 4) throw err;
      return wait(1000).then(() => loadProfile(userId, attempt + 1));
    });
}

module.exports = { loadProfile };
