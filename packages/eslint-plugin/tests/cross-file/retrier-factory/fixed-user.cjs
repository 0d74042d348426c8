const { makeRetrier } = require('./lib/fixed.cjs');

const retrier = makeRetrier();

exports.load = () => retrier(() => fetch('/load'));
exports.save = () => retrier(() => fetch('/save', { method: 'POST' }));
