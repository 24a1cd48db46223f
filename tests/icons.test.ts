import { readFileSync } from "node:fs";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Icon, type IconName } from "~/components/icons";

const sprite = readFileSync(new URL("../app/components/icons.svg", import.meta.url), "utf8");
const symbols = [...sprite.matchAll(/<symbol id="([^"]+)"[^>]*>([\s\S]*?)<\/symbol>/g)].map(([, name, body]) => ({
  name: name as IconName,
  body: body ?? "",
}));

describe("Icon on the server", () => {
  it("reads every drawing of the sprite", () => {
    expect(symbols.length).toBeGreaterThan(20);
  });

  it.each(symbols)(
    "writes the drawing of $name into the page, with its paint, and points nowhere",
    ({ name, body }) => {
      const html = renderToString(createElement(Icon, { name, className: "size-4" }));
      expect(html).toContain(body);
      expect(html).not.toContain("<use");
      const paint = new RegExp(`<symbol id="${name}"[^>]*?((?: (?:fill|stroke)[a-z-]*="[^"]*")+)`).exec(sprite)?.[1];
      expect(html).toContain(`<g${paint ?? ""}>`);
      expect(html).toMatch(/^<svg viewBox="0 0 24 24" width="24" height="24" class="size-4" aria-hidden="true"/);
    },
  );
});
