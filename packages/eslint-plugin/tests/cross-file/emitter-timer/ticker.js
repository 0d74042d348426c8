var events = require('events');
var util = require('util');

// Waits, then says so: an emitter the caller keeps.
function Ticker() {
    events.EventEmitter.call(this);
    this.timer = null;
    this.handlers = { fire: this.onFire.bind(this) };
}
util.inherits(Ticker, events.EventEmitter);

Ticker.prototype.schedule = function (err) {
    this.timer = setTimeout(this.handlers.fire, 1000);
    this.emit('waiting', err);
};

Ticker.prototype.onFire = function () {
    this.timer = null;
    this.emit('ready');
};

module.exports = Ticker;
