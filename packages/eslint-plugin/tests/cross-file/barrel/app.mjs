import { retryable, retryWithBackoff } from './lib/index.mjs';
import { again } from './lib/aliases.mjs';

export const loadUser = (id) => retryable(() => fetch(`/users/${id}`));
export const loadOrder = (id) => retryWithBackoff(() => fetch(`/orders/${id}`));
export const loadCart = (id) => again(() => fetch(`/carts/${id}`), 1);
