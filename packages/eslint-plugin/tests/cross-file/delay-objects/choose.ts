import type { Settings } from './settings.js';
import { EagerPause } from './eager.js';
import { LatePause } from './late.js';

export function pauseFor(settings: Settings, step: number) {
  const pause = makePause(settings);
  pause.setStep(step);
  return pause;
}

function makePause(settings: Settings) {
  if (settings.eager) {
    return new EagerPause(settings);
  }
  return new LatePause(settings);
}
