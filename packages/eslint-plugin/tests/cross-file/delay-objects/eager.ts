import { Pause } from './pause.js';

export class EagerPause extends Pause {}
