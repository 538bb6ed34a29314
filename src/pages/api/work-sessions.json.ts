// /api/work-sessions.json: every work session in the shape of the task-monitor's
// GET /api/work-sessions (see src/core/api/work-sessions.ts), each with its page's URL.
import type { ApiIndex } from "../../core/api/api-family.ts";
import { workSessionsFile } from "../../core/api/work-sessions.ts";
import { familyIndex } from "../../site/data.ts";
import { urls } from "../../site/links.ts";

export function GET(): Response {
  const body = workSessionsFile(familyIndex<ApiIndex>("api").workSessions, urls.session);
  return new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
}
