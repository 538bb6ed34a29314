/**
 * A path of the site made absolute with the origin of the site's full URL
 * (`https://team.example/reports/`), whose path is the base the site's paths already start with.
 * When the build knows no such URL, or it is not an http(s) URL, the path stays as it is: a copy
 * pasted elsewhere can only be given the path then.
 */
export function absoluteUrl(siteUrl: string | null | undefined, path: string): string {
  if (siteUrl === null || siteUrl === undefined || !URL.canParse(siteUrl)) return path;
  const url = new URL(siteUrl);
  return url.protocol === "http:" || url.protocol === "https:" ? `${url.origin}${path}` : path;
}
