import { describe, expect, it } from "vitest";
import { EventRole } from "../../../src/core/classify/event-role.ts";
import { EventRef } from "../../../src/core/event-ref.ts";
import { RoleCounts, UnattributedEvent, UNTITLED_SESSION } from "../../../src/core/sessions/work-session.ts";

describe("UNTITLED_SESSION", () => {
  it("is the Report's fixed title of a session nothing names", () => {
    expect(UNTITLED_SESSION).toBe("협업 작업");
  });
});

describe("RoleCounts", () => {
  it("holds a count for each of the four roles, all required", () => {
    expect(Object.keys(RoleCounts.shape)).toEqual(EventRole.options);
    expect(RoleCounts.safeParse({ "conversation.main": 1 }).success).toBe(false);
  });
});

describe("UnattributedEvent", () => {
  it("is an EventRef with where the event was read, its thread and why no session took it", () => {
    expect(Object.keys(UnattributedEvent.shape)).toEqual([
      ...Object.keys(EventRef.shape),
      "conversationId",
      "taskId",
      "threadKey",
      "file",
      "line",
      "reason",
      "reasonKey",
    ]);
  });
});
