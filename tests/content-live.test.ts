import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { currentContentVersion, publicPaths, useContent } from "~/content/content.server";
import { type ContentWatch, watchContent } from "~/content/content-watch.server";
import type { ContentData } from "~/content/parts";
import { createPageCache, publicPageCache, publicPageCacheControl } from "~/delivery/page-cache.server";
import { loader as clubsLoader } from "~/routes/clubs";
import { loader as homeLoader } from "~/routes/home";
import { storeMail } from "~/server/mail/mail-writer.server";
import { get, routeArgs } from "./support/routes";
import { useStoreEngines } from "./support/store-engines";
import { testContentFiles } from "./support/content-files";

/**
 * The content the pages read comes from memory, and follows the store: a replica asks for the newest version id every
 * interval and swaps in the new content, and the page cache renders afresh.
 */

const { engines } = useStoreEngines();

const quiet = { info: () => undefined, error: () => undefined };
const watches: ContentWatch[] = [];
afterAll(() => {
  for (const watch of watches) watch.stop();
});

/** A replica's view: what its watch last applied. */
function replica(content: Parameters<typeof watchContent>[0]["content"], intervalMs = 100) {
  const seen: { content?: ContentData; version: number; applied: number } = { version: 0, applied: 0 };
  const watch = watchContent({
    content,
    directory: process.env.CONTENT_DIR!,
    intervalMs,
    log: quiet,
    apply: (data, version) => {
      seen.content = data;
      seen.version = version;
      seen.applied += 1;
    },
  });
  watches.push(watch);
  return { seen, watch };
}

for (const engine of engines) {
  describe(`the content on two replicas, on ${engine.name}`, () => {
    it("seeds the store once and shows a save on the other replica within the check interval", async () => {
      const config = await engine.freshConfig();
      const [storeA, storeB] = [engine.open(config), engine.open(config)];
      const a = replica(storeA.content);
      const b = replica(storeB.content);
      await Promise.all([a.watch.ready, b.watch.ready]);
      expect(await storeA.content.history()).toHaveLength(6);
      await vi.waitFor(() => expect(b.seen.version).toBe(6), { timeout: 5_000 });
      expect(b.seen.content?.site).toEqual(testContentFiles().site);
      const appliedBefore = b.seen.applied;

      const site = b.seen.content!.site;
      const saved = await storeA.content.save({
        part: "site",
        data: { ...site, aboutBlurb: { en: "Saved on A.", hi: "A पर सहेजा गया।" } },
        basedOn: 1,
        by: "member",
      });
      expect(saved.ok).toBe(true);
      const savedAt = Date.now();
      await vi.waitFor(() => expect(b.seen.content?.site.aboutBlurb.en).toBe("Saved on A."), {
        timeout: 5_000,
        interval: 20,
      });
      // Within the interval (100 ms here), allowing for a busy machine.
      expect(Date.now() - savedAt).toBeLessThan(2_000);
      expect(b.seen.version).toBe(7);
      expect(b.seen.applied).toBe(appliedBefore + 1);
      // Nothing new: the checks read the newest id alone and apply nothing.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(b.seen.applied).toBe(appliedBefore + 1);
    });

    it("keeps the content it has while the store cannot be read, and catches up after", async () => {
      const config = await engine.freshConfig();
      const store = engine.open(config);
      const errors: string[] = [];
      const seen: { version: number } = { version: 0 };
      let failing = false;
      const flaky = {
        ...store.content,
        latestId: () => (failing ? Promise.reject(new Error("connection refused")) : store.content.latestId()),
      };
      const watch = watchContent({
        content: flaky,
        directory: process.env.CONTENT_DIR!,
        intervalMs: 50,
        log: { info: () => undefined, error: (line) => errors.push(line) },
        apply: (_data, version) => (seen.version = version),
      });
      watches.push(watch);
      await watch.ready;
      expect(seen.version).toBe(6);
      failing = true;
      await vi.waitFor(() => expect(errors).toHaveLength(1));
      expect(errors[0]).toMatch(/^Content: could not read .*connection refused.*keep the content they have\.$/);
      const site = (await store.content.current()).parts.site!;
      await store.content.save({ part: "site", data: { ...site.data, name: "Renamed" }, basedOn: site.id, by: "m" });
      failing = false;
      await vi.waitFor(() => expect(seen.version).toBe(7));
    });
  });
}

describe("the pages read the content of now", () => {
  const atStart = testContentFiles();
  afterEach(() => useContent(atStart, 0));

  it("serve a new version at once, in both languages, and the page cache forgets its pages", () => {
    const cleared = vi.spyOn(publicPageCache, "clear");
    const edited = structuredClone(atStart);
    edited.site.tagline = { en: "A new tagline", hi: "एक नई टैगलाइन" };
    edited.clubs[0] = { ...edited.clubs[0]!, slug: "renamed-club", name: "Renamed Club" };
    useContent(edited, 42);

    expect(currentContentVersion()).toBe(42);
    const home = homeLoader(routeArgs(get("/")));
    expect(home.hero.tagline).toBe("A new tagline");
    expect(homeLoader(routeArgs(get("/hi"))).hero.tagline).toBe("एक नई टैगलाइन");
    expect(clubsLoader(routeArgs(get("/clubs"))).clubs[0]?.name).toBe("Renamed Club");
    // The sitemap and the cache list the new club's page.
    expect(publicPaths()).toContain("/club/renamed-club");
    expect(cleared).toHaveBeenCalledWith(expect.arrayContaining(["/club/renamed-club"]));
    cleared.mockRestore();
  });

  it("does not keep a page whose render began before the content changed", async () => {
    const cache = createPageCache({ canonicalPaths: ["/"] });
    let finish: (response: Response) => void = () => undefined;
    const slow = new Promise<Response>((resolve) => (finish = resolve));
    const request = () => routeArgs(new Request("http://localhost/"));
    const first = cache.middleware(request(), () => slow) as Promise<Response>;
    cache.clear(["/"]);
    const page = (body: string) =>
      new Response(body, { headers: { "Content-Type": "text/html", "Cache-Control": publicPageCacheControl } });
    finish(page("<p>old content</p>"));
    expect(await (await first).text()).toBe("<p>old content</p>");
    expect(cache.size).toBe(0);
    const fresh = (await cache.middleware(request(), () => Promise.resolve(page("<p>new content</p>")))) as Response;
    expect(await fresh.text()).toBe("<p>new content</p>");
    expect(cache.size).toBe(1);
  });

  it("does not keep a page when the content changes while its body is read and compressed", async () => {
    const cache = createPageCache({ canonicalPaths: ["/"] });
    const encoder = new TextEncoder();
    // The render is done, but its stream ends only after the content changed: the store's own awaits are the window.
    const streamed = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode("<p>old "));
      },
      pull(controller) {
        cache.clear(["/"]);
        controller.enqueue(encoder.encode("content</p>"));
        controller.close();
      },
    });
    const old = new Response(streamed, {
      headers: { "Content-Type": "text/html", "Cache-Control": publicPageCacheControl },
    });
    const first = (await cache.middleware(routeArgs(new Request("http://localhost/")), () =>
      Promise.resolve(old),
    )) as Response;
    expect(await first.text()).toBe("<p>old content</p>");
    expect(cache.size).toBe(0);
  });
});

describe("the e-mails", () => {
  it("say what the content says when each is written, not what it said at start", () => {
    let texts = testContentFiles()["decision-emails"];
    const { writer } = storeMail({
      siteUrl: "https://council.example.test",
      messageIdDomain: "council.example.test",
      siteName: "Student Council",
      contactEmail: "studentcouncil@example.org",
      // As the composition root gives it: a getter of the current content.
      get decisionEmails() {
        return texts;
      },
    });
    const decision = { kind: "decision-accepted", name: "Ananya Sharma", club: "Coding Club", locale: "en" } as const;
    expect(writer.write(decision).subject).toBe("Welcome to Coding Club: your application was accepted");
    texts = { ...texts, accepted: { ...texts.accepted, subject: "{club} says yes" } };
    expect(writer.write(decision).subject).toBe("Coding Club says yes");
  });
});
