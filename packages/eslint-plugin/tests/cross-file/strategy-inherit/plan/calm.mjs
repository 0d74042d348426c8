import { Paced } from './paced.mjs';

// Takes everything from the class it extends.
export class Calm extends Paced {}

// Answers a spread wait of its own.
export class Scattered extends Paced {
  step() {
    return { duration: Math.random() * this.gap };
  }
}
