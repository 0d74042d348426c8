import { createRetrier } from './retrier.mjs';

export const retrier = createRetrier(3);
