// What `require('eslint-plugin-retry-hygiene')` gives (package.json routes require() here):
// the plugin itself, as a CommonJS plugin would give, not the ES module's namespace. The same
// object an import gives, since Node (≥ 20.19) loads the one ES module for both.
import entry = require('./index.js');

export = entry.default;
