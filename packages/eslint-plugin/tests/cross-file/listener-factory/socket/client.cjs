'use strict';
const net = require('node:net');
const eventHandler = require('./events.cjs');
const defaults_1 = require('./defaults.cjs');

class Client {
  constructor(arg) {
    this.retryAttempts = 0;
    this.manuallyClosing = false;
    this.parseOptions(arg);
    this.connect().catch(function () {});
  }
  connect() {
    return wrap(() => this._connect());
  }
  _connect() {
    return new Promise((resolve, reject) => {
      const _this = this;
      open(this.options, function (err, stream) {
        if (err) return reject(err);
        _this.stream = stream;
        stream.once('error', eventHandler.errorHandler(_this));
        stream.once('close', eventHandler.closeHandler(_this));
        resolve();
      });
    });
  }
  disconnect() {
    this.manuallyClosing = true;
    if (this.status === 'wait') eventHandler.closeHandler(this)();
    else this.stream.end();
  }
  setStatus(status) {
    this.status = status;
  }
  parseOptions(arg) {
    const options = {};
    if (typeof arg === 'object') fill(options, arg);
    fill(options, Client.defaultOptions);
    this.options = options;
  }
}
Client.defaultOptions = defaults_1.DEFAULT_OPTIONS;

function fill(target, source) {
  for (const key of Object.keys(source)) if (target[key] === undefined) target[key] = source[key];
}

function wrap(fn) {
  return fn();
}

function open(options, callback) {
  const stream = net.connect(options.port);
  stream.once('connect', () => callback(null, stream));
}

module.exports = Client;
