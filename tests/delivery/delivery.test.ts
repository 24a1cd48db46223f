import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { deliveries, deliveryOf, type PageHandle } from "~/delivery/delivery";

/** Every route module of the table, by its file. */
const modules = import.meta.glob<{ default?: unknown; handle?: Partial<PageHandle> }>("../../app/routes/*.{ts,tsx}", {
  eager: true,
});

describe("every page states how it is delivered", () => {
  const files = [...new Set(routes.map((route) => route.file))];

  it.each(files)("%s: a page says its delivery in its handle; an endpoint has none", (file) => {
    const module = modules[`../../app/${file}`];
    expect(module, file).toBeDefined();
    if (module?.default === undefined) {
      expect(module?.handle?.delivery, `${file} renders no page`).toBeUndefined();
      return;
    }
    expect(Object.keys(deliveries), `${file} names a delivery`).toContain(module.handle?.delivery);
  });

  it("the deepest route that says decides; a route that says nothing gets a form's", () => {
    expect(deliveryOf([{ handle: { delivery: "public" } }, { handle: { delivery: "private" } }])).toBe("private");
    expect(deliveryOf([{ handle: { delivery: "public" } }, {}])).toBe("public");
    expect(deliveryOf([{}, { handle: { delivery: "nonsense" } }])).toBe("form");
  });
});
