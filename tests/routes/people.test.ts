import { describe, expect, it } from "vitest";
import { realSocialLinks } from "~/components/people/socials";
import { loader as developersLoader } from "~/routes/developers";
import { loader as galleryLoader } from "~/routes/gallery";
import { loader as mentorsLoader } from "~/routes/mentors";
import { loader as teamLoader } from "~/routes/team";
import { get, routeArgs } from "../support/routes";

describe("people pages", () => {
  it("the mentors page has 7 mentor heads with role and quote, and 7 mentors", () => {
    const { mentorHeads, subMentors } = mentorsLoader(routeArgs(get("/mentors")));
    expect(mentorHeads).toHaveLength(7);
    for (const head of mentorHeads) {
      expect(head.role).not.toBe("");
      expect(head.quote).not.toBe("");
    }
    expect(subMentors).toHaveLength(7);
  });

  it("the team page has 14 office bearers", () => {
    expect(teamLoader(routeArgs(get("/team"))).officeBearers).toHaveLength(14);
  });

  it("the developers page has 6 developers", () => {
    expect(developersLoader(routeArgs(get("/developers"))).developers).toHaveLength(6);
  });

  it("the gallery has 40 images, each with alt text and its size", () => {
    const { images } = galleryLoader(routeArgs(get("/gallery")));
    expect(images).toHaveLength(40);
    for (const image of images) {
      expect(image.alt).not.toBe("");
      expect(image.width).toBeGreaterThan(0);
      expect(image.height).toBeGreaterThan(0);
    }
  });
});

describe("social links on a person's card", () => {
  it("drops links that are empty or '#' and keeps real ones", () => {
    const links = realSocialLinks({
      twitter: "",
      instagram: "#",
      github: "https://github.com/sample-developer",
      portfolio: "https://sample-developer.example.org/",
      email: "mailto:sample@example.org",
    });
    expect(links.map(({ platform, url }) => [platform, url])).toEqual([
      ["github", "https://github.com/sample-developer"],
      ["email", "mailto:sample@example.org"],
      ["portfolio", "https://sample-developer.example.org/"],
    ]);
  });

  it("names each link after the platform", () => {
    expect(realSocialLinks({ linkedin: "https://www.linkedin.com/in/sample" })).toEqual([
      { platform: "linkedin", label: "LinkedIn", url: "https://www.linkedin.com/in/sample" },
    ]);
  });

  it("gives nothing when every link is missing or a placeholder", () => {
    expect(realSocialLinks({ twitter: "#", linkedin: "" })).toEqual([]);
    expect(realSocialLinks({})).toEqual([]);
  });
});
