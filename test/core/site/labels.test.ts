import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AGENT_STATES } from "../../../src/core/agents/agent-states.ts";
import { CollabCategory } from "../../../src/core/category.ts";
import { CategorySource } from "../../../src/core/classify/category-decision.ts";
import { EventRole } from "../../../src/core/classify/event-role.ts";
import { BLOCKED_REASONS } from "../../../src/core/sessions/blocked-reasons.ts";
import {
  categoryName,
  LABELS,
  label,
  LOCALES,
  reasonName,
  sessionTitleText,
  TIME_WORDS,
  TOOL_OUTCOME_NAMES,
  toolOutcomeName,
  valueName,
  VALUE_NAMES,
  type LabelKey,
} from "../../../src/core/site/labels.ts";
import { SESSION_STATUSES } from "../../../src/core/sessions/status.ts";
import { ToolStep } from "../../../src/core/sessions/transcript.ts";
import { THREAD_OUTCOMES } from "../../../src/core/sessions/thread-outcome.ts";
import { REPORT_TASK_STATUSES } from "../../../src/core/tasks/event-status.ts";
import { TASK_FLAGS } from "../../../src/core/tasks/task-flags.ts";
import { StepStatus } from "../../../src/core/tasks/task-file.ts";

const ROOT = path.resolve(import.meta.dirname, "../../..");

/** The source of every file that renders the site: where a label is used, its key is written. */
function siteSources(): string {
  return ["src/pages", "src/site", "src/layouts", "src/core/site", "src/core/postmortems", "src/core/reports"]
    .flatMap((dir) =>
      readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile() && /\.(ts|astro)$/.test(e.name))
        .map((e) => readFileSync(path.join(e.parentPath, e.name), "utf8")),
    )
    .join("\n");
}

/** Every Report value the site names in words: statuses, roles, outcomes, flags, steps, states. */
const NAMED_VALUES = [
  ...SESSION_STATUSES,
  ...EventRole.options,
  ...THREAD_OUTCOMES,
  ...REPORT_TASK_STATUSES,
  ...TASK_FLAGS,
  ...StepStatus.options,
  ...AGENT_STATES,
  ...CategorySource.options,
  "main",
  "subagent",
];

describe("the site's words", () => {
  const sources = siteSources();

  it.each(Object.entries(LABELS))("%s has a Korean and an English text, and a page uses it", (key, names) => {
    expect(names.ko.trim(), key).not.toBe("");
    expect(names.en.trim(), key).not.toBe("");
    expect(label("ko", key as LabelKey)).toBe(names.ko);
    expect(label("en", key as LabelKey)).toBe(names.en);
    expect(sources, `no page uses the label ${key}`).toMatch(new RegExp(`["']${key}["']`));
  });

  it.each(Object.entries(TIME_WORDS))(
    "the time word %s has a Korean and an English text, and is used",
    (key, names) => {
      expect(names.ko.trim(), key).not.toBe("");
      expect(names.en.trim(), key).not.toBe("");
      expect(sources, `relative times never say ${key}`).toMatch(new RegExp(`(["']|\\.)${key}\\b`));
    },
  );

  it("names every status, role, outcome, task status, flag, step and agent state in both languages", () => {
    for (const value of NAMED_VALUES)
      for (const locale of LOCALES) {
        expect(VALUE_NAMES[value]?.[locale].trim(), `${value} in ${locale}`).toBeTruthy();
        expect(valueName(locale, value)).not.toBe(value);
      }
    expect(valueName("ko", "no-such-value")).toBe("no-such-value");
  });

  it("names no value the Report does not have", () => {
    expect(Object.keys(VALUE_NAMES).filter((value) => !NAMED_VALUES.includes(value))).toEqual([]);
  });

  it.each(CollabCategory.options)("names the category %s in both languages", (category) => {
    for (const locale of LOCALES) {
      expect(categoryName(locale, category).trim()).not.toBe("");
    }
    expect(categoryName("ko", category)).not.toBe(categoryName("en", category));
  });

  it.each(BLOCKED_REASONS)("names the blocked reason %s in both languages", (reason) => {
    for (const locale of LOCALES) {
      expect(reasonName(locale, reason).trim()).not.toBe("");
    }
  });

  it("gives every category and every blocked reason a name of its own in each language", () => {
    for (const locale of LOCALES) {
      expect(new Set(CollabCategory.options.map((c) => categoryName(locale, c))).size).toBe(10);
      expect(new Set(BLOCKED_REASONS.map((r) => reasonName(locale, r))).size).toBe(BLOCKED_REASONS.length);
    }
  });

  it("gives categories and blocked reasons their Korean names first", () => {
    expect(categoryName("ko", "qa_validation")).toBe("QA/검증");
    expect(categoryName("en", "qa_validation")).toBe("QA & validation");
    expect(reasonName("ko", "timeout")).toBe("시간 초과 (300초)");
    expect(reasonName("en", "timeout")).toBe("Timed out (300 s)");
  });

  it("shows a session nothing names as the untitled label of the page's language", () => {
    expect(sessionTitleText("ko", null)).toBe("협업 작업");
    expect(sessionTitleText("en", null)).toBe("Untitled collaboration");
    expect(sessionTitleText("en", "Deploy the API")).toBe("Deploy the API");
  });

  it.each(Object.keys(TOOL_OUTCOME_NAMES) as Array<keyof typeof TOOL_OUTCOME_NAMES>)(
    "names the tool outcome %s in both languages, each differently",
    (outcome) => {
      expect(toolOutcomeName("ko", outcome).trim()).not.toBe("");
      expect(toolOutcomeName("en", outcome).trim()).not.toBe("");
      expect(toolOutcomeName("ko", outcome)).not.toBe(toolOutcomeName("en", outcome));
    },
  );

  it("names every outcome a tool step can have", () => {
    expect(Object.keys(TOOL_OUTCOME_NAMES).sort()).toEqual([...ToolStep.shape.outcome.options].sort());
  });
});
