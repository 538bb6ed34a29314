import { describe, expect, it } from "vitest";
import { eventId } from "../../src/core/event.ts";
import { EventRef, eventRef } from "../../src/core/event-ref.ts";
import { UnattributedEvent } from "../../src/core/sessions/work-session.ts";
import { classifiedEvent } from "../helpers/events.ts";

describe("eventRef", () => {
  it("names an event by id, time, type, role and agents, in that order", () => {
    const event = classifiedEvent({
      type: "a2a.send",
      agentId: "eden",
      ts: 7,
      data: { fromAgent: "eden", toAgent: "seum" },
    });
    const ref = eventRef(event);
    expect(Object.keys(ref)).toEqual(["id", "ts", "type", "eventRole", "agentId", "fromAgent", "toAgent"]);
    expect(ref).toMatchObject({
      id: eventId(event),
      ts: 7,
      type: "a2a.send",
      fromAgent: "eden",
      toAgent: "seum",
    });
    expect(EventRef.safeParse(ref).success).toBe(true);
  });
});

describe("EventRef", () => {
  it("is the head of the Report's unattributed events, in the same key order", () => {
    expect(Object.keys(UnattributedEvent.shape).slice(0, 7)).toEqual(Object.keys(EventRef.shape));
  });
});
