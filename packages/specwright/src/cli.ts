import { main } from '@specwright/core';
import { command } from './command.js';

await main(command);
