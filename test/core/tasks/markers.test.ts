import { describe, expect, it } from "vitest";
import { markerOfStatus, STEP_MARKERS, statusOfMarker } from "../../../src/core/tasks/markers.ts";
import { StepStatus } from "../../../src/core/tasks/task-file.ts";

describe("step markers", () => {
  it("read each checklist marker as its step state", () => {
    expect(["x", ">", " ", "-"].map(statusOfMarker)).toEqual(["done", "in_progress", "pending", "skipped"]);
  });

  it("give null for a marker the task tools do not write", () => {
    for (const marker of ["X", "*", "", "xx"]) expect(statusOfMarker(marker), marker).toBeNull();
  });

  it("write every step state back as the marker it was read from", () => {
    expect(STEP_MARKERS.map(([, status]) => status).sort()).toEqual([...StepStatus.options].sort());
    for (const status of StepStatus.options) expect(statusOfMarker(markerOfStatus(status))).toBe(status);
  });
});
