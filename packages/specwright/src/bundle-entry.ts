import { tuneHeapOfThisProcess } from './heap-policy.js';
import { specwrightMain } from './zero-config.js';

// The command as its one-file bundle runs it (scripts/bundle-cli.mjs), through run-script.ts,
// which sets the command's V8 flags before compiling it. A script, not a module: the run is not
// awaited at the top level as in cli.ts; `specwrightMain` sets the exit code when it ends.
tuneHeapOfThisProcess();
void specwrightMain();
