import { setFlagsFromString } from 'node:v8';
import { main } from '@specwright/core';
import { command } from './command.js';
import { tuneHeapOfThisProcess } from './heap-policy.js';

// A run is one burst of a few seconds: TurboFan's inlining cost more compiling than it saved
// (GitHub's spec: CPU 4.0 s instead of 4.7 s, wall 3.2 s instead of 3.5 s, same bytes;
// 2026-11-27, idle machine). Only this command's process is tuned, before any code is hot.
setFlagsFromString('--no-turbo-inlining');
tuneHeapOfThisProcess();

await main(command);
