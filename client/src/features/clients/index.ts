// The clients' public face: what other features may use of it (the lint
// allows no other import from outside, eslint.config.js).
export { ClientPicker, type PickedClient } from './client-picker';
