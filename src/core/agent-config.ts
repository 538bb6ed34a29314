import { isRecord } from "./formats/fields.ts";

/**
 * The main agents named in `openclaw.json` (`agents.list[].id`). `main` is always one: OpenClaw
 * creates it whatever the config says (see docs/formats.md#main-agents).
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

/**
 * Discord user ids of the agents in `openclaw.json`, to show `<@123…>` mentions as names. Any
 * field of an agent entry whose key mentions Discord and whose value is a Discord id counts
 * (`discordUserId`, `discord.userId`, …); agents without one show as `@user`.
 */
export function readMentionNames(config: unknown): Record<string, string> {
  const names: Record<string, string> = {};
  const agents = isRecord(config) ? config["agents"] : undefined;
  const list = isRecord(agents) && Array.isArray(agents["list"]) ? agents["list"] : [];
  for (const agent of list) {
    if (!isRecord(agent) || typeof agent["id"] !== "string") continue;
    const name = typeof agent["name"] === "string" && agent["name"].length > 0 ? agent["name"] : agent["id"];
    for (const id of discordIds(agent, false)) names[id] = name;
  }
  return names;
}

function discordIds(value: unknown, underDiscord: boolean): string[] {
  if (
    (typeof value === "string" || typeof value === "number") &&
    underDiscord &&
    /^\d{15,21}$/.test(String(value))
  )
    return [String(value)];
  if (!isRecord(value)) return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    discordIds(inner, underDiscord || /discord/i.test(key)),
  );
}
