import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toEventLine } from "../../src/core/event-line.ts";
import { Report } from "../../src/core/report.ts";
import { buildSiteData } from "../../src/core/site/build-site.ts";
import { analyzeInputs } from "../../src/ingest/analyze-inputs.ts";
import { fuzzSettings, idArb, tsArb, withTree } from "./arbitraries.ts";

// Properties over the inputs beside the event logs: task files, task history, CURRENT_TASK.md,
// openclaw.json and the category overrides. Whatever they hold, the run ends with a Report that
// its own schema accepts and the site can be made from.

const NOW_MS = Date.parse("2027-01-01T00:00:00Z");

/** A task id: a small pool, so that two files often name the same task, or any id, or none. */
const taskIdArb = fc.oneof(fc.constantFrom("task_a", "task_b", "", " "), idArb);

/** A time as the markdown files write it: ISO text, mostly valid, sometimes out of range or junk. */
const timeTextArb = fc.oneof(
  tsArb.map((ms) => new Date(ms).toISOString()),
  fc.constantFrom("+275760-09-14T00:00:00.000Z", "99999-01-01", "2026-02-30T25:61:00Z", "", "yesterday"),
  fc.string({ maxLength: 12 }),
);

const textArb = fc.string({ maxLength: 30 });

/** One line of a task file, from the parts its format has, with any values. */
const taskFileLineArb = fc.oneof(
  taskIdArb.map((id) => `# Task: ${id}`),
  fc.constantFrom(
    "## Metadata",
    "## Description",
    "## Steps",
    "## Progress",
    "## Last Activity",
    "## Backlog",
  ),
  fc.constantFrom("backlog", "in_progress", "done", "blocked", "", "???").map((s) => `- **Status:** ${s}`),
  textArb.map((p) => `- **Priority:** ${p}`),
  timeTextArb.map((t) => `- **Created:** ${t}`),
  timeTextArb,
  fc
    .tuple(fc.constantFrom(" ", ">", "x", "!", ""), fc.nat(12), textArb)
    .map(([mark, n, text]) => `- [${mark}] (s${n}) ${text}`),
  fc.constantFrom("```json", "```", "---", "*Managed by task tools*"),
  fc.json({ maxDepth: 3 }),
  textArb,
);

/** One line of a history file. */
const historyLineArb = fc.oneof(
  fc.tuple(timeTextArb, textArb).map(([t, title]) => `## [${t}] ${title}`),
  taskIdArb.map((id) => `**Task ID:** ${id}`),
  textArb.map((p) => `**Priority:** ${p}`),
  timeTextArb.map((t) => `**Started:** ${t}`),
  timeTextArb.map((t) => `**Completed:** ${t}`),
  fc.constantFrom("### Progress", "### Summary", "---", "# Task History"),
  textArb.map((s) => `- ${s}`),
);

/** One line of CURRENT_TASK.md. */
const currentTaskLineArb = fc.oneof(
  taskIdArb.map((id) => `**Focus:** ${id}`),
  textArb.map((t) => `## ${t}`),
  fc.constantFrom("# Current Task", "### Progress", "---").map((s) => s),
  fc.constantFrom("in_progress", "done", "").map((s) => `**Status:** ${s}`),
  timeTextArb.map((t) => `**Created:** ${t}`),
);

/** A markdown file: lines of its format in any order, or any text at all. */
const markdownArb = (line: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc.oneof(
    { arbitrary: fc.array(line, { maxLength: 25 }).map((lines) => lines.join("\n")), weight: 4 },
    { arbitrary: fc.string({ maxLength: 200, unit: "binary" }), weight: 1 },
  );

/** openclaw.json: a list of agents, any JSON, or not JSON. */
const configArb = fc.oneof(
  fc
    .array(fc.oneof(idArb, fc.constantFrom("eden", "seum", "main")), { maxLength: 4 })
    .map((ids) => JSON.stringify({ agents: { list: ids.map((id) => ({ id })) } })),
  fc.json({ maxDepth: 4 }),
  textArb,
);

/** The overrides file: entries by work session id, with any category and time, or any JSON. */
const overridesArb = fc.oneof(
  fc
    .dictionary(
      fc.oneof(idArb, fc.constantFrom("ws-1", "ws-2")),
      fc.record(
        {
          collabCategory: fc.oneof(
            fc.constantFrom("docs_knowledge", "biz_strategy", "nonsense", ""),
            fc.json(),
          ),
          updatedAt: fc.oneof(timeTextArb, fc.json()),
          updatedBy: textArb,
        },
        { requiredKeys: [] },
      ),
      { maxKeys: 4 },
    )
    .map((entries) => JSON.stringify(entries)),
  fc.json({ maxDepth: 3 }),
  textArb,
);

/** Task events naming work sessions and tasks, so that tasks, sessions and overrides meet. */
const taskEventsArb = fc
  .array(
    fc.record({
      type: fc.constantFrom("task.started", "task.updated", "task.completed", "a2a.send"),
      agentId: fc.constantFrom("eden", "seum", "main"),
      ts: tsArb,
      taskId: taskIdArb,
      workSessionId: fc.oneof(fc.constantFrom("ws-1", "ws-2"), idArb),
    }),
    { maxLength: 6 },
  )
  .map((events) =>
    events
      .map(({ type, agentId, ts, ...data }) =>
        JSON.stringify({ type, agentId, ts, data: { fromAgent: agentId, toAgent: "main", ...data } }),
      )
      .join("\n"),
  );

describe("any task files, history, current tasks, config and overrides", () => {
  it("give a Report its schema accepts, no task without an id, and a site", async () => {
    const arb = fc.record({
      taskA: markdownArb(taskFileLineArb),
      taskB: markdownArb(taskFileLineArb),
      history: markdownArb(historyLineArb),
      monthly: markdownArb(historyLineArb),
      current: markdownArb(currentTaskLineArb),
      config: configArb,
      overrides: overridesArb,
      events: taskEventsArb,
    });
    await fc.assert(
      fc.asyncProperty(arb, async (files) => {
        const tree = {
          "workspace-eden/tasks/task_a.md": files.taskA,
          "workspace-seum/tasks/task_b.md": files.taskB,
          "workspace-eden/TASK_HISTORY.md": files.history,
          "workspace-seum/task-history/2026-02.md": files.monthly,
          "workspace-eden/CURRENT_TASK.md": files.current,
          "openclaw.json": files.config,
          "work-session-category-overrides.json": files.overrides,
          "logs/coordination-events.ndjson": files.events,
        };
        await withTree(tree, async (dir) => {
          const analysis = await analyzeInputs(["."], { cwd: dir, nowMs: NOW_MS });
          Report.parse(analysis.report);
          for (const event of analysis.events) toEventLine(event);
          buildSiteData(analysis);
          // Only the empty id: a task event whose taskId is white space (" ") still makes a task
          // with that id, which is reported and not yet decided.
          expect(analysis.report.tasks.filter((t) => t.taskId === "")).toEqual([]);
        });
      }),
      fuzzSettings,
    );
  });
});
