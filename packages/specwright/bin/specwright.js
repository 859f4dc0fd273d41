#!/usr/bin/env node
import { launch } from '../dist/launch.js';

await launch(new URL('../dist/cli.js', import.meta.url));
