// A factory whose retrier waits the same 500 ms each time, three times at most.
const loop = (operation) => {
  const run = async (left) => {
    try {
      return await operation();
    } catch (error) {
      if (left === 0) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
      return run(left - 1);
    }
  };
  return run(3);
};

exports.makeRetrier = () => (operation) => loop(operation);
