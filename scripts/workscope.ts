// The entry point `bin/workscope.js` runs: the command line, with its exit code.
import { setFlagsFromString } from "node:v8";
import { main } from "./cli.ts";

// bin/workscope.js has V8 compile the whole bundle as it loads (`--no-lazy`), so that Node's
// compile cache keeps every function; by now it is compiled. V8's flags are the process's, so a
// worker thread started later compiled Node's own modules and its bundle whole under the same flag:
// a parse worker took 106-163 ms to answer its first message eagerly, 55-74 ms lazily. Code
// compiled from here on is compiled as it is first called again.
setFlagsFromString("--lazy");
process.exitCode = await main(process.argv.slice(2));
