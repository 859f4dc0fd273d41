/** `index.ts`: re-exports the three generated modules. */
import { code as c, type Code } from '@specwright/core';
import { GENERATED_HEADER } from './schema-types.js';

export function indexModule(): Code.Module {
  return {
    header: GENERATED_HEADER,
    body: [c.exportAll('./schema-types.js'), c.exportAll('./client.js'), c.exportAll('./client-config.js')],
  };
}
