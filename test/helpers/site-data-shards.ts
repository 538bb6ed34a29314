import type { SiteData, SiteShards } from "../../src/core/site/build-site.ts";

/**
 * The shards of site data held whole, in the order `siteShards` hands them out, the index last:
 * how tests give the writer pages they made by hand, and compare a collected SiteData with the
 * stream it was collected from.
 */
export function* siteDataShards(data: SiteData): SiteShards {
  for (const page of data.sessions) yield { file: { kind: "session", segment: page.segment }, value: page };
  for (const page of data.tasks) yield { file: { kind: "task", segment: page.segment }, value: page };
  for (const page of data.agents) yield { file: { kind: "agent", segment: page.segment }, value: page };
  for (const { listing, page, rows } of data.events)
    yield { file: { kind: "events", listing, page }, value: rows };
  for (const { family, index, pages } of data.families) {
    yield { file: { kind: "family", family }, value: index };
    for (const { segment, page } of pages)
      yield { file: { kind: "familyPage", family, segment }, value: page };
  }
  return data.index;
}
