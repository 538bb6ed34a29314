import { describe, expect, it } from "vitest";
import { flowSegments, PostmortemIndex } from "../../../src/core/postmortems/postmortem-index.ts";
import { PostmortemPage } from "../../../src/core/postmortems/postmortem-page.ts";
import { postmortemsFamily } from "../../../src/core/postmortems/postmortems-family.ts";
import { FAMILY_BUILDERS } from "../../../src/core/site/families.ts";
import { siteLookups } from "../../../src/core/site/site-lookups.ts";
import { analysis as emptyAnalysis } from "../site/fixtures.ts";
import { scenario } from "./fixtures.ts";

describe("postmortemsFamily", () => {
  it("is registered among the site's families", () => {
    expect(FAMILY_BUILDERS).toContain(postmortemsFamily);
  });

  it("makes the index and one page per blocked flow, each named by its flow's segment", () => {
    const analysis = scenario();
    const data = postmortemsFamily(analysis, siteLookups(analysis));
    expect(data.family).toBe("postmortems");
    const index = PostmortemIndex.parse(data.index);
    expect(data.pages.map((p) => p.segment).sort()).toEqual(flowSegments(index).sort());
    for (const { segment, page } of data.pages) expect(PostmortemPage.parse(page).segment).toBe(segment);
  });

  it("makes an empty index and no pages when no flow was blocked", () => {
    const analysis = emptyAnalysis();
    const data = postmortemsFamily(analysis, siteLookups(analysis));
    expect(data.pages).toEqual([]);
    expect(PostmortemIndex.parse(data.index)).toEqual({
      flowPages: [],
      counts: { total: 0, byReason: [], byPair: [], byWeek: [] },
      queueContention: [],
      queueContentionTotal: 0,
    });
  });
});
