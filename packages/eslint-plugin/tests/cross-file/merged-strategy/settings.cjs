"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.LINK_DEFAULTS = exports.OTHER_DEFAULTS = void 0;
// Written-out defaults of a link's reconnect strategies.
exports.LINK_DEFAULTS = {
    redialStrategy: (times) => Math.min(100 + times * 2, 2000),
    giveUpStrategy: (times) => (times > 10 ? null : times * 100),
    spreadStrategy: (times) => Math.min(times * 50, 2000) + Math.random() * 100,
};
exports.OTHER_DEFAULTS = {
    redialStrategy: (times) => times * 1000,
};
