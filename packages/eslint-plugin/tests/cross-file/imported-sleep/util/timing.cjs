// Seconds, for the command-line tools.
exports.pause = function pause(seconds) {
  return new Promise((resolve) => setTimeout(resolve, seconds * 1000));
};
