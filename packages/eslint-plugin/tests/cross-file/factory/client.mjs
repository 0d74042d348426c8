import { createRetrier } from './retrier.mjs';

const retrier = createRetrier(3);
export const save = (doc) => retrier(() => fetch('/save', { method: 'PUT', body: doc }));
