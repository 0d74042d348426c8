module.exports = require('./lib/retry');
