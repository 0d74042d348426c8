// Returns the options it is handed, or a copy with a profile's TLS settings.
export function withProfile(options) {
  if (typeof options.tls === 'string') {
    options = Object.assign({}, options, { tls: { profile: options.tls } });
  }
  return options;
}
