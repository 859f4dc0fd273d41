import { readFileSync } from 'node:fs';

/** The version all Specwright packages share (DECISIONS). */
export const version: string = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
