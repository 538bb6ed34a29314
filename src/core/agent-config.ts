import { isRecord } from "./formats/fields.ts";

/**
 * The main agents named in `openclaw.json` (`agents.list[].id`). `main` is always one: OpenClaw
 * creates it whatever the config says (FORMATS.md, "Session keys").
 */
export function readMainAgents(config: unknown): { mainAgents: string[]; problems: string[] } {
  const problems: string[] = [];
  const ids = new Set<string>(["main"]);
  const agents = isRecord(config) ? config["agents"] : undefined;
  const list = isRecord(agents) ? agents["list"] : undefined;
  if (list === undefined) problems.push("no agents.list: only `main` is taken as a main agent");
  else if (!Array.isArray(list)) problems.push("agents.list should be an array");
  else {
    list.forEach((agent, i) => {
      const id = isRecord(agent) ? agent["id"] : undefined;
      if (typeof id === "string" && id.length > 0) ids.add(id.toLowerCase());
      else problems.push(`agents.list[${i}] has no id`);
    });
  }
  return { mainAgents: [...ids].sort(), problems };
}
