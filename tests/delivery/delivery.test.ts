import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { deliveryOf, type PageHandle } from "~/delivery/delivery";
import { pages } from "~/pages";

/** Every route module of the table, by its file. */
const modules = import.meta.glob<{ default?: unknown; handle?: Partial<PageHandle> }>("../../app/routes/*.{ts,tsx}", {
  eager: true,
});

describe("every page states how it is delivered", () => {
  const files = [...new Set(routes.map((route) => route.file))];
  const pageModules = new Set<string>(pages.map((page) => page.module));

  it.each(files)("%s: a module that renders a page is the registry's; an endpoint is not", (file) => {
    const module = modules[`../../app/${file}`];
    expect(module, file).toBeDefined();
    expect(pageModules.has(file), `${file} renders ${module?.default === undefined ? "no" : "a"} page`).toBe(
      module?.default !== undefined,
    );
    // The registry says it: a module that said it too could say otherwise.
    expect(module?.handle ?? {}, file).not.toHaveProperty("delivery");
  });

  it("the deepest route that is a page decides; a route that is none gets a form's", () => {
    expect(deliveryOf([{ id: "root" }, { id: "routes/clubs" }])).toBe("public");
    expect(deliveryOf([{ id: "root" }, { id: "hi-routes/user-profile" }])).toBe("private");
    expect(deliveryOf([{ id: "root" }, { id: "hi-tarang-openMic" }])).toBe("public");
    expect(deliveryOf([{ id: "root" }, { id: "hi-routes/not-found" }])).toBe("static");
    expect(deliveryOf([{ id: "root" }, { id: "routes/council" }])).toBe("council");
    expect(deliveryOf([{ id: "root" }, { id: "routes/language" }])).toBe("form");
    expect(deliveryOf([{ id: "root" }])).toBe("form");
  });
});
