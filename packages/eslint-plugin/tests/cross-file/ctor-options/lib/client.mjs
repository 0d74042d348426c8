import { Connector } from './connector.mjs';
import { DEFAULTS } from './defaults.mjs';
import { withProfile } from './profile.mjs';

export class Client {
  constructor(...args) {
    this.parseOptions(...args);
    this.connector = new Connector(this.options);
  }

  parseOptions(...args) {
    const options = {};
    for (let i = 0; i < args.length; i++) {
      const arg = args[i];
      if (typeof arg === 'object' && arg !== null) fillDefaults(options, arg);
      else if (typeof arg === 'string') fillDefaults(options, { url: arg });
    }
    fillDefaults(options, Client.defaultOptions);
    this.options = withProfile(options);
  }
}

Client.defaultOptions = DEFAULTS;

function fillDefaults(target, source) {
  for (const key of Object.keys(source)) if (target[key] === undefined) target[key] = source[key];
  return target;
}
