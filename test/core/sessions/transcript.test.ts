import { describe, expect, it } from "vitest";
import { readMentionNames } from "../../../src/core/agent-config.ts";
import { cleanMessage, transcriptTurn } from "../../../src/core/sessions/transcript.ts";

const names = new Map([["123456789012345678", "Eden"]]);
const event = {
  id: "evt-1",
  type: "a2a.response",
  ts: 5,
  fromAgent: "seum",
  toAgent: "eden",
  agentId: "seum",
};

describe("cleanMessage", () => {
  it("drops directive lines and shows mentions as names, or @user when unknown", () => {
    expect(
      cleanMessage(
        "[[reply_to_current]]\n<@123456789012345678> 확인했어요, <@!999999999999999999>도요",
        names,
      ),
    ).toBe("@Eden 확인했어요, @user도요");
    expect(cleanMessage("[[reply_to_current]] 네, 진행하겠습니다.", names)).toBe("네, 진행하겠습니다.");
  });

  it("keeps markdown as source", () => {
    expect(cleanMessage("**진행 상황**", names)).toBe("**진행 상황**");
  });

  it("drops a blank first line and the whitespace around the message, with or without directives", () => {
    for (const [text, clean] of [
      [" \n  첫 줄\n둘째 줄 \n", "첫 줄\n둘째 줄"],
      ["\t\r\n<@123456789012345678> 님", "@Eden 님"],
      ["[[reply_to_current]]\n\n  첫 줄", "첫 줄"],
      ["  [[a]] [[b]]  첫 줄\n  [[c]]둘째", "첫 줄\n둘째"],
      ["본문 [[중간]] 그대로", "본문 [[중간]] 그대로"],
      ["   ", ""],
    ] as const)
      expect(cleanMessage(text, names), JSON.stringify(text)).toBe(clean);
  });

  it("keeps markdown as source, line breaks included", () => {
    expect(cleanMessage("**진행 상황**\n- 남은 작업: 테스트", names)).toBe(
      "**진행 상황**\n- 남은 작업: 테스트",
    );
  });
});

describe("transcriptTurn", () => {
  it("makes a message turn with its ping-pong turn number", () => {
    expect(transcriptTurn(event, { message: "좋아요", turn: 2 }, names)).toEqual({
      id: "evt-1",
      ts: 5,
      type: "a2a.response",
      from: "seum",
      to: "eden",
      turn: 2,
      text: "좋아요",
    });
  });

  it("makes a failure an outcome badge, keeping the raw text for the detail", () => {
    const raw = "[outcome] blocked: 응답을 받지 못했습니다 (대기 시간 300초 초과)";
    expect(transcriptTurn(event, { message: raw, outcome: "blocked", waitStatus: "timeout" }, names)).toEqual(
      {
        id: "evt-1",
        ts: 5,
        type: "a2a.response",
        from: "seum",
        to: "eden",
        text: "",
        outcome: "timeout",
        rawText: raw,
      },
    );
  });

  it("skips events without words", () => {
    expect(transcriptTurn({ ...event, type: "a2a.complete" }, { announced: true }, names)).toBeNull();
  });
});

describe("readMentionNames", () => {
  it("reads Discord ids from any discord field of an agent entry", () => {
    const config = {
      agents: {
        list: [
          { id: "eden", name: "Eden", discord: { userId: "123456789012345678" } },
          { id: "seum", discordUserId: "234567890123456789" },
          { id: "ieum", phone: "123456789012345678" },
        ],
      },
    };
    expect(readMentionNames(config)).toEqual({ "123456789012345678": "Eden", "234567890123456789": "seum" });
  });
});
