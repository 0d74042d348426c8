"use strict";
const defaults_1 = require("./defaults.cjs");
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
class Connection {
    constructor(options) {
        this.options = Object.assign({}, defaults_1.RECONNECT_DEFAULTS, options);
        this.tries = 0;
    }
    async open() {
        while (this.tries < this.options.maxTries) {
            try {
                return await this.dial();
            }
            catch (err) {
                await sleep(this.options.reconnectStrategy.call(this, ++this.tries));
            }
        }
    }
    async openJittered() {
        for (let i = 0; i < this.options.maxTries; i++) {
            try {
                return await this.dial();
            }
            catch (err) {
                await sleep(this.options.jitteredStrategy(i));
            }
        }
    }
}
exports.Connection = Connection;
