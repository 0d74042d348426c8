// Not the package's entry: a function of the same name here is not the library.
export default async function pRetry(input) {
  return input();
}

export function once(fn) {
  return pRetry(fn);
}
