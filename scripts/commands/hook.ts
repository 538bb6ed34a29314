import { appendHookLine, HOOK_OUT_ENV, hookLine } from "../../bin/workscope-hook.mjs";
import { parseCommand, UsageError } from "../args.ts";

export const HOOK_HELP = `Usage: workscope hook --out FILE

Reads one Claude Code hook payload (JSON) on stdin and appends it to FILE as one NDJSON line,
with the time it arrived and an id (hooks carry neither). \`workscope analyze FILE\` maps the
payloads to events.

In .claude/settings.json, prefer \`node /path/to/workscope/bin/workscope-hook.mjs --out FILE\`:
it writes the same line, starts as fast as Node itself, never writes to stdout and always
exits 0, where this command loads all of workscope and exits 1 on a problem.

Options:
  --out FILE   the NDJSON file to append to (created with its folder when missing);
               without it, $${HOOK_OUT_ENV}
  -h, --help   this help
`;

/**
 * The command form of the hook collector. It runs the collector's own functions
 * (bin/workscope-hook.mjs), so both write the same line byte for byte, and only says its
 * problems the command line's way: a UsageError, exit code 1.
 */
export async function runHook(
  argv: string[],
  stdin: AsyncIterable<Buffer> = process.stdin,
  clock: () => number = Date.now,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<number> {
  const { values } = parseCommand(argv, { out: { type: "string" } });
  if (values.help) {
    process.stdout.write(HOOK_HELP);
    return 0;
  }
  const out = values.out ?? env[HOOK_OUT_ENV];
  if (out === undefined || out === "") throw new UsageError("hook needs --out FILE");
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(chunk);
  const made = hookLine(Buffer.concat(chunks).toString("utf8"), clock());
  if (made.problem !== undefined) throw new UsageError(made.problem);
  const problem = appendHookLine(out, made.line);
  if (problem !== null) throw new UsageError(problem);
  return 0;
}
