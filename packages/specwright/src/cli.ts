import { tuneHeapOfThisProcess } from './heap-policy.js';
import { specwrightMain } from './zero-config.js';
import { applyCommandV8Flags } from './v8-settings.js';

// Only this command's process is tuned, before any code is hot (see v8-settings.ts).
applyCommandV8Flags();
tuneHeapOfThisProcess();

await specwrightMain();
