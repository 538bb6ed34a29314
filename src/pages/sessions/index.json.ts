// /sessions/index.json: every session as the list's script filters them (see session-index.ts).
import { sessionIndex } from "../../core/site/session-index.ts";
import { siteIndex } from "../../site/data.ts";

export function GET(): Response {
  const index = siteIndex();
  return new Response(JSON.stringify(sessionIndex(index.sessions, index.nowMs, index.timeZone)), {
    headers: { "content-type": "application/json" },
  });
}
