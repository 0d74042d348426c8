exports.operation = function (options) {
  var timeouts = exports.timeouts(options);
  return { timeouts: timeouts, options: options };
};

exports.timeouts = function (options) {
  return [options && options.minTimeout || 1000];
};

exports.wrap = function (obj, options, methods) {
  if (Array.isArray(options)) {
    methods = options;
    options = null;
  }
  methods.forEach(function (method) {
    var original = obj[method];
    obj[method] = function () {
      var op = exports.operation(options);
      var args = Array.prototype.slice.call(arguments);
      var callback = args.pop();
      args.push(function (err) {
        if (op.retry(err)) return;
        callback.apply(this, arguments);
      });
      op.attempt(function () {
        original.apply(obj, args);
      });
    };
  });
};

exports.wrapRandomized = function (obj, options) {
  Object.assign(options, { randomize: true });
  return exports.operation(options);
};
