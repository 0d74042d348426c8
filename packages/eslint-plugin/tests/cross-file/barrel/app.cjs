const lib = require('./lib/compiled.cjs');
const bundled = require('./lib/bundled.cjs');

exports.sync = () => lib.retryForever(() => fetch('/sync'));
exports.backfill = () => bundled.retryForever(() => fetch('/backfill'));
