import { main } from '@specwright/core';
import { command } from './command.js';
import { tuneHeapOfThisProcess } from './heap-policy.js';
import { applyCommandV8Flags } from './v8-settings.js';

// The command as its one-file bundle runs it (scripts/bundle-cli.mjs, run by run-script.ts): a
// script, not a module, so the run is not awaited at the top level as in cli.ts; `main` sets the
// exit code when it ends.
applyCommandV8Flags();
tuneHeapOfThisProcess();
void main(command);
