import { runCommandScript } from './run-script.js';

// What the second node process `launch` starts runs: the command script named first, with the
// arguments after it. The script reads them as if node had run it directly.
const [script] = process.argv.splice(2, 1);
process.argv[1] = script!;
runCommandScript(script!);
