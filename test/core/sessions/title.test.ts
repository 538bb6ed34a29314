import { describe, expect, it } from "vitest";
import { sessionTitle, titleOfEventLists } from "../../../src/core/sessions/title.ts";

const ev = (data: Record<string, unknown>) => ({ type: "a2a.send", data });

describe("sessionTitle", () => {
  it("takes a label first, then a [Goal] line, then the first user-facing text, then a task description", () => {
    const goal = ev({ message: "[Goal] 배포 점검\n\n세부 내용" });
    expect(sessionTitle([goal, ev({ label: "scan-logs" })])).toBe("scan-logs");
    expect(sessionTitle([ev({ message: "안녕하세요" }), goal])).toBe("배포 점검");
    expect(sessionTitle([ev({ message: "[[reply_to_current]]\n<@123456> 확인 부탁해요" })])).toBe(
      "확인 부탁해요",
    );
    expect(sessionTitle([ev({ message: "[outcome] blocked: 응답을 받지 못했습니다" })], ["OAuth 구현"])).toBe(
      "OAuth 구현",
    );
    expect(sessionTitle([], [])).toBeNull();
  });

  it("is null when nothing names the session: no words, only outcomes, or only a raw task id", () => {
    expect(sessionTitle([ev({ message: "task_0123456789abcdef0123" })])).toBeNull();
    expect(sessionTitle([ev({ message: "[outcome] blocked: 응답을 받지 못했습니다" })], [""])).toBeNull();
  });

  it("keeps a title to one line of at most 120 characters", () => {
    const title = sessionTitle([ev({ label: `${"가".repeat(200)}\nmore` })]);
    expect(title).toHaveLength(120);
    expect(title?.endsWith("…")).toBe(true);
  });
});

describe("titleOfEventLists", () => {
  it("titles by the events' facts as sessionTitle does, reading no [Goal] line out of a message that is no text", () => {
    const payloads = [{ message: 42 }, { message: "안녕하세요" }, { message: "[Goal] 배포 점검" }];
    const facts = payloads.map((p) => ({ facts: p }));
    expect(titleOfEventLists([facts])).toBe("배포 점검");
    expect(titleOfEventLists([facts])).toBe(sessionTitle(payloads.map((data) => ev(data))));
    expect(
      titleOfEventLists([[{ facts: { message: 42 } }, { facts: { replyPreview: "회의록 정리" } }]]),
    ).toBe("회의록 정리");
  });

  it("reads its lists in turn as one list, each rule over all of them before the next", () => {
    const conversations = [{ facts: { message: "안녕하세요" } }];
    const others = [{ facts: { message: "[Goal] 배포 점검" } }, { facts: { label: "scan-logs" } }];
    expect(titleOfEventLists([conversations, others])).toBe("scan-logs");
    expect(titleOfEventLists([conversations, others.slice(0, 1)])).toBe("배포 점검");
    expect(titleOfEventLists([conversations, []])).toBe("안녕하세요");
    expect(titleOfEventLists([[], []], ["OAuth 구현"])).toBe("OAuth 구현");
  });
});
