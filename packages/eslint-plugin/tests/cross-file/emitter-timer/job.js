var Pause = require('./pause.js');

function Job(task, onDone) {
    this.task = task;
    this.onDone = onDone;
    this.pause = new Pause(250);
}

Job.prototype.run = function (makePause) {
    this.pause = makePause ? makePause() : new Pause(250);
    this.pause.on('again', this.step.bind(this));
    this.step();
};

Job.prototype.step = function () {
    this.task(this.handle.bind(this));
};

Job.prototype.handle = function (error, value) {
    if (error && error.code !== 'EINVAL') this.pause.start();
    else this.onDone(error, value);
};

module.exports = Job;
