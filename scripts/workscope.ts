// The entry point `bin/workscope.js` runs: the command line, with its exit code.
import { main } from "./cli.ts";

process.exitCode = await main(process.argv.slice(2));
