"use strict";
const settings_1 = require("./settings.cjs");
// A merge the analysis cannot read (a package's): which source wins is not known here.
const mergeWith = require("merge-options");
class Link {
    constructor(options) {
        this.options = mergeWith({}, options, settings_1.LINK_DEFAULTS, this.options);
        this.attempts = 0;
        this.epoch = 0;
    }
    dial() {
        return new Promise((resolve, reject) => {
            const epoch = ++this.epoch;
            this.open()
                .then(() => {
                if (this.epoch !== epoch) {
                    reject(new Error("a newer dial has begun"));
                    return;
                }
                this.attempts = 0;
                resolve();
            })
                .catch((err) => {
                this.lost(err);
                reject(err);
            });
        });
    }
    lost(reason) {
        let wait;
        if (!this.closing && typeof this.options.redialStrategy === "function") {
            wait = this.options.redialStrategy.call(this, ++this.attempts, reason);
        }
        if (typeof wait === "number") {
            this.timer = setTimeout(() => {
                this.dial().catch(() => { });
            }, wait);
        }
        else {
            this.emit("end");
        }
    }
}
exports.Link = Link;
// The strategy may answer null after ten tries: that stops the redial, so no claim of no limit.
class PatientLink {
    constructor(options) {
        this.options = mergeWith({}, options, settings_1.LINK_DEFAULTS);
        this.attempts = 0;
    }
    call() {
        return this.open().then(() => { this.attempts = 0; }, (err) => this.hangUp(err));
    }
    hangUp(reason) {
        const wait = this.options.giveUpStrategy(++this.attempts, reason);
        if (typeof wait !== "number") {
            this.emit("end");
            return;
        }
        this.timer = setTimeout(() => this.call(), wait);
    }
}
exports.PatientLink = PatientLink;
// The default strategy adds a random part: nothing to say about the wait, only the limit.
class SpreadLink {
    constructor(options) {
        this.options = mergeWith({}, options, settings_1.LINK_DEFAULTS);
        this.attempts = 0;
    }
    ring() {
        return this.open().then(() => { this.attempts = 0; }, (err) => this.missed(err));
    }
    missed() {
        const wait = this.options.spreadStrategy(++this.attempts);
        if (typeof wait !== "number") {
            this.emit("end");
            return;
        }
        this.timer = setTimeout(() => this.ring(), wait);
    }
}
exports.SpreadLink = SpreadLink;
// Two objects of defaults both name the strategy, and the merge's order is not known: no value.
class TornLink {
    constructor(options) {
        this.options = mergeWith({}, settings_1.OTHER_DEFAULTS, options, settings_1.LINK_DEFAULTS);
        this.attempts = 0;
    }
    reach() {
        return this.open().then(() => { this.attempts = 0; }, (err) => this.dropped(err));
    }
    dropped() {
        const wait = this.options.redialStrategy(++this.attempts);
        if (typeof wait !== "number") {
            this.emit("end");
            return;
        }
        this.timer = setTimeout(() => this.reach(), wait);
    }
}
exports.TornLink = TornLink;
