var events = require('events');
var util = require('util');

// Says 'ready' only when nobody stopped it meanwhile.
function QuietTicker() {
    events.EventEmitter.call(this);
    this.stopped = false;
}
util.inherits(QuietTicker, events.EventEmitter);

QuietTicker.prototype.schedule = function () {
    setTimeout(this.onFire.bind(this), 1000);
};

QuietTicker.prototype.onFire = function () {
    if (this.stopped) return;
    this.emit('ready');
};

module.exports = QuietTicker;
