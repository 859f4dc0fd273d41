import { main } from '@specwright/core';
import { zodTsCommand } from './command.js';

await main(zodTsCommand);
