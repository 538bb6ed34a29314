// /api/events.json: the newest events in the shape of the task-monitor's GET /api/events at its
// default limit (see src/core/api/events.ts).
import type { ApiIndex } from "../../core/api/api-family.ts";
import { familyIndex } from "../../site/data.ts";

export function GET(): Response {
  return new Response(JSON.stringify(familyIndex<ApiIndex>("api").events), {
    headers: { "content-type": "application/json" },
  });
}
