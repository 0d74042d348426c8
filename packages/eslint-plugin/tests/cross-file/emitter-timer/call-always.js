var Ticker = require('./ticker');

// Goes again after every answer, failed or not: a poller.
function Poll(fn, callback) {
    this.fn = fn;
    this.callback = callback;
    this.ticker = null;
}

Poll.prototype.start = function () {
    this.ticker = new Ticker();
    this.ticker.on('ready', this.attempt.bind(this));
    this.attempt();
};

Poll.prototype.attempt = function () {
    this.fn(this.finish.bind(this));
};

Poll.prototype.finish = function (err, value) {
    this.callback(err, value);
    this.ticker.schedule(err);
};

module.exports = Poll;
