#!/usr/bin/env node
import { launch } from '../dist/launch.js';

// The command as one script (scripts/bundle-cli.mjs): it loads in one step, not module by module,
// with its compiled functions cached between runs (src/run-script.ts).
await launch(new URL('../dist/cli.bundle.cjs', import.meta.url));
