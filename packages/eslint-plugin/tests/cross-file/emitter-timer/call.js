var Ticker = require('./ticker');

function Call(fn, args, callback) {
    this.fn = fn;
    this.args = args;
    this.callback = callback;
    this.ticker = null;
}

Call.prototype.start = function () {
    this.ticker = new Ticker();
    this.ticker.on('ready', this.attempt.bind(this));
    this.attempt();
};

Call.prototype.attempt = function () {
    var done = this.finish.bind(this);
    this.fn.apply(null, this.args.concat(done));
};

Call.prototype.finish = function () {
    var args = Array.prototype.slice.call(arguments);
    var err = args[0];
    if (err) {
        this.ticker.schedule(err);
    } else {
        this.callback.apply(null, args);
    }
};

module.exports = Call;
