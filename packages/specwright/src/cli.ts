import { setFlagsFromString } from 'node:v8';
import { main } from '@specwright/core';
import { command } from './command.js';
import { tuneHeapOfThisProcess } from './heap-policy.js';

// A run is one burst of a few seconds: TurboFan's inlining cost more compiling than it saved
// (bench/v8-settings.mjs, GitHub's spec: 2.22 s wall and CPU 2.99 s without it, 2.53 s and
// 3.69 s with it, the same bytes). Only this command's process is tuned, before any code is hot.
setFlagsFromString('--no-turbo-inlining');
tuneHeapOfThisProcess();

await main(command);
