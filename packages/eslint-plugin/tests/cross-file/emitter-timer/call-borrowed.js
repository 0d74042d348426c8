var Ticker = require('./ticker');

// The emitter is one the caller hands in: its class is not known here.
function Call(fn, ticker, callback) {
    this.fn = fn;
    this.callback = callback;
    this.ticker = ticker;
}

Call.prototype.start = function () {
    this.ticker.on('ready', this.attempt.bind(this));
    this.attempt();
};

Call.prototype.attempt = function () {
    this.fn(this.finish.bind(this));
};

Call.prototype.finish = function (err, value) {
    if (err) this.ticker.schedule(err);
    else this.callback(null, value);
};

Call.Ticker = Ticker;
module.exports = Call;
