import { describe, expect, it } from "vitest";
import { rendererEnv } from "../../../scripts/site/render-site.ts";

describe("a renderer's environment", () => {
  it("names the data folder and the renderer's share, and drops what Vite would read over its config", () => {
    const env = rendererEnv(
      {
        PATH: "/bin",
        BASE_URL: "/elsewhere/",
        MODE: "test",
        DEV: "1",
        PROD: "",
        SSR: "1",
        WORKSCOPE_PART: "9/9",
      },
      "/srv/.workscope/dist",
      { k: 1, n: 4 },
    );
    expect(env).toEqual({ PATH: "/bin", WORKSCOPE_DATA: "/srv/.workscope/dist", WORKSCOPE_PART: "1/4" });
  });

  it("leaves the parent's environment as it was", () => {
    const parent = { MODE: "test" };
    rendererEnv(parent, "/d", { k: 0, n: 1 });
    expect(parent).toEqual({ MODE: "test" });
  });
});
