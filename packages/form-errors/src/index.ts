export { extractFieldErrors, fieldErrorMap } from './extract-field-errors.js';
export type { ExtractOptions, FieldError } from './extract-field-errors.js';
