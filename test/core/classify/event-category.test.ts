import { describe, expect, it } from "vitest";
import { eventCategory, eventEvidence, textOf } from "../../../src/core/classify/event-category.ts";
import { classifiedEvent } from "../../helpers/events.ts";

const send = (data: Record<string, unknown>) =>
  classifiedEvent({
    type: "a2a.send",
    agentId: "eden",
    ts: 1,
    data: { fromAgent: "eden", toAgent: "seum", ...data },
  });

describe("textOf", () => {
  it("takes the first words that say what the work is: message, reply, summary, prompt, label", () => {
    expect(textOf({ label: "scan", message: "배포 점검" })).toBe("배포 점검");
    expect(textOf({ message: "  ", replyPreview: "done" })).toBe("done");
    expect(textOf({ task_subject: "fix login" })).toBe("fix login");
    expect(textOf({})).toBeNull();
  });

  it("takes nothing from failure texts", () => {
    expect(textOf({ message: "[outcome] blocked: 응답을 받지 못했습니다" })).toBeNull();
    expect(textOf({ message: "[completed] ok" })).toBeNull();
  });
});

describe("eventCategory", () => {
  it("decides from the words, as the rule table scores them", () => {
    expect(eventCategory(send({ message: "배포 후 장애 대응과 롤백" }))).toMatchObject({
      collabCategory: "infra_ops",
      categorySource: "rule",
    });
    expect(eventEvidence(send({ message: "배포 후 장애 대응과 롤백" }))?.source).toBe("rule");
  });

  it("keeps the category the event states, with confidence 1 and the tags its words give it", () => {
    expect(eventCategory(send({ message: "배포 후 장애 대응", collabCategory: "infra_ops" }))).toEqual({
      collabCategory: "infra_ops",
      categorySource: "manual",
      categoryConfidence: 1,
      collabSubTags: expect.arrayContaining(["배포"]) as unknown as string[],
    });
  });

  it("is null for an event with neither words nor a stated category", () => {
    expect(eventCategory(send({}))).toBeNull();
    expect(eventEvidence(send({}))).toBeNull();
  });
});
