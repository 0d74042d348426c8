// A strategy that doubles its answer with the attempt it is handed, with no spread.
export class Expo {
  constructor(base = 100) {
    this.base = base;
  }

  at(attempt) {
    return { delay: this.base * 2 ** attempt };
  }
}
