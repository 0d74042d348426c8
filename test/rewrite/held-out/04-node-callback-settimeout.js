// Node-style callback retry: on error, try again later through setTimeout.
const fs = require('fs');
const { uploader } = require('./infra');

function uploadFile(path, retriesLeft, callback) {
  uploader.put(path, (err, result) => {
    if (err) {
      if (retriesLeft <= 0) return callback(err);
      return setTimeout(() => uploadFile(path, retriesLeft - 1, callback), 3000);
    }
    callback(null, result);
  });
}

module.exports = { uploadFile };
