import { chromium, type Browser, type Page } from "playwright-core";
import { inject } from "vitest";

/** A launched Chromium with the errors its pages reported. */
export interface Session {
  browser: Browser;
  /** Uncaught exceptions, console errors and failed requests, each with the page it came from. */
  errors: string[];
  /** A new page that reports into `errors`. */
  open: (options?: { bypassCSP?: boolean }) => Promise<Page>;
}

/** Launches the tests' Chromium headless, as CI runs it (no sandbox: CI runs as root). */
export async function launch(): Promise<Session> {
  const browser = await chromium.launch({
    executablePath: inject("chromiumPath"),
    headless: true,
    args: ["--no-sandbox"],
  });
  const errors: string[] = [];
  const open = async (options: { bypassCSP?: boolean } = {}): Promise<Page> => {
    const context = await browser.newContext({
      bypassCSP: options.bypassCSP ?? false,
      locale: "ko-KR",
      timezoneId: "UTC",
    });
    const page = await context.newPage();
    page.on("pageerror", (error) => errors.push(`${page.url()}: uncaught ${error.message}`));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(`${page.url()}: console ${message.text()}`);
    });
    page.on("response", (response) => {
      if (response.status() >= 400) errors.push(`${response.url()}: HTTP ${response.status()}`);
    });
    return page;
  };
  return { browser, errors, open };
}
