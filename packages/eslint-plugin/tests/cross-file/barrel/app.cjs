const lib = require('./lib/compiled.cjs');

exports.sync = () => lib.retryForever(() => fetch('/sync'));
