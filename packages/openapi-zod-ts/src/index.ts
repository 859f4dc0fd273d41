export { createClientNames, CLIENT_TYPE_NAMES, CLIENT_VALUE_NAMES } from './names.js';
