var EventEmitter = require('events').EventEmitter;
var inherits = require('util').inherits;

function Pause(ms) {
    EventEmitter.call(this);
    this.ms = ms;
}
inherits(Pause, EventEmitter);

Pause.prototype.start = function () {
    setTimeout(this.done.bind(this), 250);
};

Pause.prototype.done = function () {
    this.emit('again');
};

module.exports = Pause;
