import { appendFile, mkdir } from "node:fs/promises";
import path from "node:path";
import { isRecord } from "../../src/core/formats/fields.ts";
import { envelopeHook } from "../../src/core/formats/hook.ts";
import { parseCommand, UsageError } from "../args.ts";

export const HOOK_HELP = `Usage: workscope hook --out FILE

Reads one Claude Code hook payload (JSON) on stdin and appends it to FILE as one NDJSON line,
with the time it arrived and an id (hooks carry neither). Point every hook event of
.claude/settings.json at it; \`workscope analyze FILE\` maps the payloads to events.

Options:
  --out FILE   the NDJSON file to append to (created with its folder when missing)
  -h, --help   this help
`;

export async function runHook(
  argv: string[],
  stdin: AsyncIterable<Buffer> = process.stdin,
  clock: () => number = Date.now,
): Promise<number> {
  const { values } = parseCommand(argv, { out: { type: "string" } });
  if (values.help) {
    process.stdout.write(HOOK_HELP);
    return 0;
  }
  if (values.out === undefined) throw new UsageError("hook needs --out FILE");
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(chunk);
  const text = Buffer.concat(chunks).toString("utf8").trim();
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    throw new UsageError("hook expects one JSON object on stdin (a Claude Code hook payload)");
  }
  if (!isRecord(payload))
    throw new UsageError("hook expects one JSON object on stdin (a Claude Code hook payload)");
  const line = `${JSON.stringify(envelopeHook(payload, clock()))}\n`;
  try {
    await mkdir(path.dirname(path.resolve(values.out)), { recursive: true });
    // One write of one line: appends from hooks that run at once do not interleave.
    await appendFile(values.out, line);
  } catch (error) {
    // A folder by that name, a file where a folder goes, no permission: the user's to fix, in one line.
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === "EISDIR"
        ? "it is a folder"
        : code === "ENOTDIR" || code === "EEXIST"
          ? "a part of its path is a file"
          : code;
    throw new UsageError(`cannot append to --out ${values.out}: ${why ?? String(error)}`, { cause: error });
  }
  return 0;
}
