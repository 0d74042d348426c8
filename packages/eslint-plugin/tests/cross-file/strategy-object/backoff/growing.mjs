// A strategy that makes a new, longer step each time.
export class Growing {
  constructor(duration) {
    this.duration = duration;
  }

  next() {
    return new Growing(Math.min(this.duration * 2, 30000) * (0.5 + Math.random() / 2));
  }
}
