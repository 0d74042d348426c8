// A class with no retry anywhere.
module.exports = class Registry {
  async lookup(name) {
    const res = await fetch(`/registry/${name}`);
    return res.json();
  }
};
