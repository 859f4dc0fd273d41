import { main } from '@specwright/core';
import { command } from './command.js';
import { tuneHeapOfThisProcess } from './heap-policy.js';
import { applyCommandV8Flags } from './v8-settings.js';

// Only this command's process is tuned, before any code is hot (see v8-settings.ts).
applyCommandV8Flags();
tuneHeapOfThisProcess();

await main(command);
