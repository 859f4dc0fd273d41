import { setFlagsFromString } from 'node:v8';
import { main } from '@specwright/core';
import { command } from './command.js';
import { tuneHeapOfThisProcess } from './heap-policy.js';

// A run is one burst of a few seconds: TurboFan's inlining cost more compiling than it saved
// (bench/v8-settings.mjs, GitHub's spec: 2.25 s wall and CPU 3.06 s without it, 2.60 s and
// 3.75 s with it, the same bytes). Only this command's process is tuned, before any code is hot.
setFlagsFromString('--no-turbo-inlining');
tuneHeapOfThisProcess();

await main(command);
