/**
 * The long flags a command's `--help` lists, e.g. `--cache` and `--no-cache`: the first words of
 * each option line, before the gap that starts its description. The benchmark asks the command
 * itself which flags it has, so it runs unchanged before and after a flag is added.
 */
export function helpFlags(help: string): Set<string> {
  const flags = new Set<string>();
  for (const line of help.split("\n")) {
    if (!/^\s+-/.test(line)) continue;
    const option = line.trim().split(/\s{2,}/)[0] ?? "";
    for (const match of option.matchAll(/--[a-z][a-z0-9-]*/g)) flags.add(match[0]);
  }
  return flags;
}
