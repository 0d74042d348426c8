// A strategy base class: it answers the gap it was made with, at every step.
export class Paced {
  constructor(gap = 400) {
    this.gap = gap;
  }

  step() {
    return { duration: this.gap };
  }
}
