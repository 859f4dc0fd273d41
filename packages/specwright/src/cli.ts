import { setFlagsFromString } from 'node:v8';
import { main } from '@specwright/core';
import { command } from './command.js';

// V8 lets the heap grow to up to 4x what survived the last full collection before collecting
// again: Microsoft Graph beta keeps about 600 MB alive and peaked at 2.7 GiB. A 50% margin keeps
// its peak near 1.2 GiB for about 10% more CPU on GitHub's spec. Only this command's process is
// tuned; `generate()` and the Vite plugin leave their host's heap alone.
setFlagsFromString('--heap-growing-percent=50');

await main(command);
