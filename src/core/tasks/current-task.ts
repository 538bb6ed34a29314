import * as z from "zod";

/**
 * What an agent's `CURRENT_TASK.md` says it is doing. The tools write two forms: a focus pointer
 * (`**Focus:** task_…`) and an auto-generated tracker (`**Task:** …`); empty ones say so.
 */
export const CurrentTask = z.object({
  /** `focus` or `tracked` for the two forms, `none` for an empty file, `unknown` otherwise. */
  state: z.enum(["focus", "tracked", "none", "unknown"]),
  /** The focused task's id (focus form). */
  taskId: z.string().optional(),
  /** The task's description or tracked text. */
  title: z.string().optional(),
  /** The `**Status:**` field, when written. */
  status: z.string().optional(),
});
export type CurrentTask = z.infer<typeof CurrentTask>;

const EMPTY_MARKERS = ["*(No active focus task)*", "*(No task in progress)*", "*(No task)*"];

export function parseCurrentTask(text: string): CurrentTask {
  const lines = text.split("\n").map((l) => l.trim());
  const field = (label: string): string | undefined => {
    const prefix = `**${label}:**`;
    const line = lines.find((l) => l.startsWith(prefix));
    return line === undefined ? undefined : line.slice(prefix.length).trim();
  };
  const status = field("Status");
  const withStatus = (t: CurrentTask): CurrentTask => (status === undefined ? t : { ...t, status });
  const focus = field("Focus");
  if (focus !== undefined) {
    const heading = lines.find((l) => l.startsWith("## "));
    const base: CurrentTask = { state: "focus", taskId: focus };
    return withStatus(heading === undefined ? base : { ...base, title: heading.slice(3) });
  }
  const tracked = field("Task");
  if (tracked !== undefined) return withStatus({ state: "tracked", title: tracked });
  if (EMPTY_MARKERS.some((m) => text.includes(m))) return { state: "none" };
  return { state: "unknown" };
}
