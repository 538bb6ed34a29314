import type { StepStatus } from "./task-file.ts";

/** The checklist markers of a task's steps and the step states they stand for. */
export const STEP_MARKERS: ReadonlyArray<readonly [marker: string, status: StepStatus]> = [
  ["x", "done"],
  [">", "in_progress"],
  [" ", "pending"],
  ["-", "skipped"],
];

export function statusOfMarker(marker: string): StepStatus | null {
  return STEP_MARKERS.find(([m]) => m === marker)?.[1] ?? null;
}

export function markerOfStatus(status: StepStatus): string {
  return STEP_MARKERS.find(([, s]) => s === status)?.[0] ?? " ";
}
