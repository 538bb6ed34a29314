import * as z from "zod";
import { LOCALES } from "../core/site/labels.ts";

/**
 * The settings of one build of the site, which `workscope build` writes into the data folder
 * (`settings.json`) before any page renders: the pages read them from there, so that Astro's dev
 * server renders the data of a build exactly as the build did.
 */
export const SiteSettings = z.object({
  /** The site's language (`--locale`). */
  locale: z.enum(LOCALES),
  /** The path the site is served under (`--base`), starting and ending with a slash: `/`, `/reports/`. */
  base: z.string().startsWith("/").endsWith("/"),
  /** The time the build judged the logs against (`--now`), as ISO-8601 UTC text. */
  generatedAt: z.iso.datetime(),
  /**
   * The site's full URL, ending with the base path (`https://team.example/reports/`), when `--base`
   * gave one: the links of the Markdown and the feed the site exports are made absolute with it.
   */
  siteUrl: z.url({ protocol: /^https?$/ }).optional(),
});
export type SiteSettings = z.infer<typeof SiteSettings>;
