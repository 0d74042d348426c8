// A strategy that answers the same wait at every step: its first answer hands itself back.
const step = (gap) => ({
  duration: gap,
  next() {
    return this;
  },
});

export class Steady {
  constructor(gap) {
    this.gap = gap;
  }

  next() {
    return step(this.gap);
  }
}
