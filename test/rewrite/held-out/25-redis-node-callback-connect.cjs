// A node-style callback connect retried with a counter closed over, and a fixed wait.
const { createClient } = require('./infra');

function connectRedis(url, cb) {
  let attempts = 0;
  const tryConnect = () => {
    createClient(url, (err, client) => {
      if (err) {
        attempts += 1;
        if (attempts >= 5) return cb(err);
        return setTimeout(tryConnect, 2000);
      }
      cb(null, client);
    });
  };
  tryConnect();
}

module.exports = { connectRedis };
