import { InputError } from "../src/ingest/discover.ts";
import { UsageError } from "./args.ts";
import { ANALYZE_HELP, runAnalyze } from "./commands/analyze.ts";
import { BUILD_HELP, runBuild } from "./commands/build.ts";
import { HOOK_HELP, runHook } from "./commands/hook.ts";
import { PREVIEW_HELP, runPreview } from "./commands/preview.ts";
import { REPORT_HELP, runReport } from "./commands/report.ts";

const HELP = `workscope — reports of what a team of AI agents did, from the logs they leave.

Usage: workscope <command> [options]

Commands:
  analyze [inputs…]   read logs and task files; print a summary, or the Report as JSON
  build [inputs…]     write the report site (static HTML) to dist/
  preview             serve the site that build wrote
  report --week W     print one ISO week's category report as Markdown or JSON
  hook --out FILE     append one Claude Code hook payload from stdin to an NDJSON file

Run \`workscope <command> --help\` for a command's options.
`;

const COMMANDS: Record<string, { run: (argv: string[]) => Promise<number>; help: string }> = {
  analyze: { run: runAnalyze, help: ANALYZE_HELP },
  build: { run: runBuild, help: BUILD_HELP },
  preview: { run: runPreview, help: PREVIEW_HELP },
  report: { run: (argv) => runReport(argv), help: REPORT_HELP },
  hook: { run: (argv) => runHook(argv), help: HOOK_HELP },
};

/** Runs a command line and returns the exit code: 0 ok, 1 a user's mistake (one line on stderr). */
export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    process.stdout.write(HELP);
    return name === undefined ? 1 : 0;
  }
  const command = COMMANDS[name];
  if (command === undefined) {
    process.stderr.write(`workscope: unknown command "${name}"; run \`workscope --help\`\n`);
    return 1;
  }
  try {
    return await command.run(rest);
  } catch (error) {
    if (error instanceof UsageError || error instanceof InputError) {
      process.stderr.write(`workscope ${name}: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}
