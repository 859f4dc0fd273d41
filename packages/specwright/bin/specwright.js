#!/usr/bin/env node
import { launch } from '../dist/launch.js';

// The command as one file (scripts/bundle-cli.mjs): it loads in one step, not module by module.
await launch(new URL('../dist/cli.bundle.js', import.meta.url));
