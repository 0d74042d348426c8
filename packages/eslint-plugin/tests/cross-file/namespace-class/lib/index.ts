export * from './assistant.js';
