import type { Settings } from './settings.js';

function plain(ms: number) {
  return ms;
}

function scattered(ms: number) {
  return Math.round(Math.random() * ms);
}

export function spreadOf(settings: Settings) {
  switch (settings.spread) {
    case 'all':
      return scattered;
    case 'off':
    default:
      return plain;
  }
}
