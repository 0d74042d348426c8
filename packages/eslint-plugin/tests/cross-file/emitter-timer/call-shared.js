var Ticker = require('./ticker');

// The handler is also called from elsewhere (a manual kick): not only after the operation failed.
function Call(fn, callback) {
    this.fn = fn;
    this.callback = callback;
    this.ticker = null;
}

Call.prototype.start = function () {
    this.ticker = new Ticker();
    this.ticker.on('ready', this.attempt.bind(this));
    this.attempt();
};

Call.prototype.attempt = function () {
    this.fn(this.finish.bind(this));
};

Call.prototype.kick = function () {
    this.finish(new Error('kicked'));
};

Call.prototype.finish = function (err, value) {
    if (err) this.ticker.schedule(err);
    else this.callback(null, value);
};

module.exports = Call;
