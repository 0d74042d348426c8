import { spread, steadily } from './retrying.mjs';

export const loadA = () => steadily(() => fetch('https://a.example.com'));
export const loadB = () => spread(() => fetch('https://b.example.com'));
