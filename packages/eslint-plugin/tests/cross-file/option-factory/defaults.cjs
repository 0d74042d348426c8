"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.RECONNECT_DEFAULTS = void 0;
exports.RECONNECT_DEFAULTS = {
    maxTries: 8,
    reconnectStrategy: function (times) {
        return Math.min(times * 100, 3000);
    },
    jitteredStrategy: function (times) {
        return Math.min(times * 100, 3000) + Math.floor(Math.random() * 250);
    },
};
