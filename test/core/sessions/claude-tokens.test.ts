import { describe, expect, it } from "vitest";
import { isAssistantMessage, tokenUsageOf } from "../../../src/core/sessions/claude-tokens.ts";

describe("tokenUsageOf", () => {
  it("counts a message written as several lines once, with the largest count of its lines", () => {
    const usage = tokenUsageOf([
      {
        messageId: "msg_1",
        inputTokens: 10,
        outputTokens: 5,
        cacheCreationTokens: 100,
        cacheReadTokens: 2000,
      },
      {
        messageId: "msg_1",
        inputTokens: 10,
        outputTokens: 40,
        cacheCreationTokens: 100,
        cacheReadTokens: 2000,
      },
      { messageId: "msg_2", inputTokens: 3, outputTokens: 7 },
    ]);
    expect(usage).toEqual({ messages: 2, input: 13, output: 47, cacheCreation: 100, cacheRead: 2000 });
  });

  it("counts each line without a message id as a message of its own", () => {
    expect(tokenUsageOf([{ outputTokens: 4 }, { outputTokens: 4 }])).toEqual({
      messages: 2,
      input: 0,
      output: 8,
      cacheCreation: 0,
      cacheRead: 0,
    });
  });

  it("is undefined without any assistant message, and counts what is not a whole count as 0", () => {
    expect(tokenUsageOf([{ message: "hi" }, { ccKind: "prompt" }])).toBeUndefined();
    expect(tokenUsageOf([{ messageId: "m", inputTokens: -5, outputTokens: Number.NaN }])).toEqual({
      messages: 1,
      input: 0,
      output: 0,
      cacheCreation: 0,
      cacheRead: 0,
    });
  });

  it("tells an assistant message by its id or any count", () => {
    expect(isAssistantMessage({ messageId: "m" })).toBe(true);
    expect(isAssistantMessage({ cacheReadTokens: 0 })).toBe(true);
    expect(isAssistantMessage({ preTokens: 1000 })).toBe(false);
  });
});
