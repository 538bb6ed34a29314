import { describe, expect, it } from "vitest";
import { sessionCard } from "../../../src/core/site/session-card.ts";
import { SessionIndex, sessionIndex } from "../../../src/core/site/session-index.ts";
import { thread, workSession } from "./fixtures.ts";

describe("sessionIndex", () => {
  it("holds each card as a tuple of the fields a list shows, in the cards' order, with now", () => {
    const cards = [
      sessionCard(
        workSession("ws-2", { status: "ACTIVE", threads: [thread("a", "b", { outcome: "blocked" })] }),
        false,
      ),
      sessionCard(
        workSession("ws-1", { collabCategory: "qa_validation", collabSubTags: ["QA", "E2E"] }),
        false,
      ),
    ];
    const index = sessionIndex(cards, 5000, "Asia/Seoul");
    expect(SessionIndex.safeParse(index).success).toBe(true);
    expect(index.nowMs).toBe(5000);
    expect(index.timeZone).toBe("Asia/Seoul");
    expect(index.sessions).toEqual([
      ["ws-2", "ws-2", "ACTIVE", "engineering_build", ["API"], "Session ws-2", ["main", "nuri"], 2000, 3, 1],
      [
        "ws-1",
        "ws-1",
        "ARCHIVED",
        "qa_validation",
        ["QA", "E2E"],
        "Session ws-1",
        ["main", "nuri"],
        2000,
        3,
        0,
      ],
    ]);
  });

  it("is refused by its schema when an entry has a field of the wrong kind", () => {
    const index = sessionIndex([sessionCard(workSession("ws-1"), false)], 0, "UTC");
    const broken = { ...index, sessions: [index.sessions[0]?.map((v, i) => (i === 2 ? "LOST" : v))] };
    expect(SessionIndex.safeParse(broken).success).toBe(false);
  });
});
