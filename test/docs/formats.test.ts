import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CollabCategory } from "../../src/core/category.ts";
import { HOOK_RULES } from "../../src/core/formats/hook-rules.ts";
import { missingV11Fields } from "../../src/core/formats/v11-rules.ts";
import { formatTaskFile } from "../../src/core/tasks/format-task-file.ts";
import { parseHistory } from "../../src/core/tasks/history.ts";
import { parseTaskFile } from "../../src/core/tasks/parse-task-file.ts";
import { TASK_STATUSES } from "../../src/core/tasks/task-file.ts";

/**
 * docs/formats.md and docs/decisions.md are what code comments point to instead of documents outside
 * the repository, so their anchors must exist, and the facts they state in tables must be the ones the
 * code uses.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const DOCS = ["docs/formats.md", "docs/decisions.md"] as const;
const read = (file: string): string => readFileSync(path.join(ROOT, file), "utf8");
const formats = read("docs/formats.md");

/** The anchors GitHub gives a markdown file's headings: lower case, punctuation dropped, spaces as `-`. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let inFence = false;
  for (const line of markdown.split("\n")) {
    if (line.startsWith("```")) inFence = !inFence;
    const heading = inFence ? null : /^#{1,6} (.+)$/.exec(line);
    if (heading === null) continue;
    const base = (heading[1] ?? "")
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

const anchors = new Map(DOCS.map((doc) => [doc, anchorsOf(read(doc))]));

/** The rows of the markdown table that follows `heading`, as cells without their code ticks. */
function tableAfter(heading: string): string[][] {
  const start = formats.indexOf(`\n${heading}\n`);
  expect(start, heading).toBeGreaterThan(-1);
  const lines = formats.slice(start).split("\n");
  const first = lines.findIndex((l) => l.startsWith("|"));
  const rows: string[][] = [];
  for (const line of lines.slice(first + 2)) {
    if (!line.startsWith("|")) break;
    rows.push(
      line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim().replaceAll("`", "")),
    );
  }
  return rows;
}

/** The body of the first fenced block of `language` after `heading`. */
function blockAfter(heading: string, language: string): string {
  const start = formats.indexOf(`\n${heading}\n`);
  const open = formats.indexOf(`\`\`\`${language}\n`, start);
  const body = open + language.length + 4;
  return formats.slice(body, formats.indexOf("\n```\n", body));
}

/** Every file below `dir` whose name ends with one of `endings`, skipping data and dependencies. */
function filesBelow(dir: string, endings: readonly string[]): string[] {
  const skip = new Set(["node_modules", "fixtures", "content", "dist", ".git", ".astro"]);
  return readdirSync(path.join(ROOT, dir)).flatMap((name) => {
    const rel = path.join(dir, name);
    if (skip.has(name)) return [];
    if (statSync(path.join(ROOT, rel)).isDirectory()) return filesBelow(rel, endings);
    return endings.some((e) => name.endsWith(e)) ? [rel] : [];
  });
}

describe("the docs' anchors", () => {
  it("computes anchors as GitHub does", () => {
    expect(anchorsOf("# A task's status\n## Keywords: Latin, Korean\n## A b\n## A b")).toEqual(
      new Set(["a-tasks-status", "keywords-latin-korean", "a-b", "a-b-1"]),
    );
  });

  it.each(DOCS)("resolves every link inside %s", (doc) => {
    const broken: string[] = [];
    for (const [, target, anchor] of read(doc).matchAll(/\]\(([\w.-]*\.md)?#([^)\s]+)\)/g)) {
      const file = target === undefined ? doc : `docs/${target}`;
      if (!(anchors.get(file as (typeof DOCS)[number])?.has(anchor as string) ?? false))
        broken.push(`${file}#${anchor}`);
    }
    expect(broken).toEqual([]);
  });

  it("resolves every docs/…#anchor that code, tests and the README point to", () => {
    const files = [
      ...["src", "scripts", "test", "bin"].flatMap((d) => filesBelow(d, [".ts", ".astro", ".mjs", ".js"])),
      ...["README.md", "ARCHITECTURE.md", "astro.config.mjs"].filter((f) => {
        try {
          return statSync(path.join(ROOT, f)).isFile();
        } catch {
          return false;
        }
      }),
    ];
    const broken: string[] = [];
    for (const file of files) {
      for (const [, doc, anchor] of read(file).matchAll(/(docs\/(?:formats|decisions)\.md)#([\w-]+)/g)) {
        if (!(anchors.get(doc as (typeof DOCS)[number])?.has(anchor as string) ?? false))
          broken.push(`${file}: ${doc}#${anchor}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it.each(DOCS)("names only source files that exist, in %s", (doc) => {
    const missing = [...read(doc).matchAll(/`((?:src|scripts|test)\/[^`\s]+)`/g)]
      .map(([, file]) => file as string)
      .filter((file) => {
        try {
          statSync(path.join(ROOT, file));
          return false;
        } catch {
          return true;
        }
      });
    expect(missing).toEqual([]);
  });

  it("never mentions the design notes the project started from", () => {
    for (const doc of DOCS) {
      expect(read(doc)).not.toMatch(/\bseeds?\b/i);
      expect(read(doc)).not.toMatch(/DESIGN\.md|FORMATS\.md|STYLE\.md|§/);
    }
  });
});

describe("docs/formats.md states what the code does", () => {
  it("lists the hook mapping table row for row", () => {
    const rows = tableAfter("### Mapping to normalized types").map(([event, , type]) => [event, type]);
    expect(rows).toEqual(HOOK_RULES.map((rule) => [rule.event, rule.type]));
  });

  it("lists the fields each normalized type requires", () => {
    for (const [types, fields] of tableAfter("### Validation rules")) {
      const type = (types as string).replace("*", "started");
      const missing = missingV11Fields({ type, payload: {} });
      expect(missing.sort(), type).toEqual((fields as string).split(", ").sort());
    }
  });

  it("lists the ten categories in the order ties are broken", () => {
    const keys = tableAfter("### Collaboration categories").map(([key]) => key);
    expect(keys).toEqual(CollabCategory.options);
  });

  it("lists the task statuses the tools write", () => {
    const section = formats.slice(formats.indexOf("### Statuses and priorities"));
    const statuses = /Statuses: (.+?)\. Priorities/s.exec(section)?.[1] ?? "";
    expect(statuses.replaceAll("`", "").split(/,\s+/)).toEqual([...TASK_STATUSES]);
  });

  it("shows a task file that parses without problems and formats back to the same bytes", () => {
    const text = blockAfter("### Task file layout", "text");
    const parsed = parseTaskFile(text, "x");
    expect(parsed.problems).toEqual([]);
    expect(parsed.task?.steps?.map((s) => s.status)).toEqual(["done", "in_progress", "pending"]);
    expect(formatTaskFile(parsed.task as NonNullable<typeof parsed.task>)).toBe(text);
  });

  it("shows a history entry that parses as a completed task", () => {
    const { entries, problems } = parseHistory(blockAfter("## Task history", "text"));
    expect(problems).toEqual([]);
    expect(entries).toMatchObject([
      {
        taskId: "task_4aa851d18ecc10e39575",
        status: "completed",
        progress: ["Task started", "Task completed"],
      },
    ]);
  });
});
