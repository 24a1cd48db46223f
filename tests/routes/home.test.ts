import { describe, expect, it } from "vitest";
import { loader as homeLoader, meta as homeMeta } from "~/routes/home";
import { get, routeArgs } from "../support/routes";

/** What a page's meta function gets from the root loader, as the root route sends it. */
const metaArgs = {
  matches: [
    {
      loaderData: {
        site: {
          name: "Student Council",
          tagline: "Empowering students, building leaders.",
          url: "https://studentcouncil.example.org",
          shareImage: { src: "/images/share-card.png", alt: "Share card", width: 1200, height: 630 },
        },
      },
    },
  ],
  location: { pathname: "/" },
};

describe("home page", () => {
  const home = homeLoader(routeArgs(get("/")));

  it("features the president first among the three council leaders", () => {
    expect(home.leaders.map((leader) => leader.role)).toEqual(["President", "Vice President", "General Secretary"]);
  });

  it("shows the seven mentor heads in the carousel", () => {
    expect(home.mentorHeads).toHaveLength(7);
    for (const mentor of home.mentorHeads)
      expect(mentor).toMatchObject({ name: expect.any(String) as string, quote: expect.any(String) as string });
  });

  it("sends the clubs strip each club's name, logo and link only, not the club pages' details", () => {
    expect(home.clubs).toHaveLength(19);
    for (const club of home.clubs) expect(Object.keys(club).sort()).toEqual(["link", "logo", "name"]);
    expect(home.clubs[1]).toMatchObject({ name: "Coding Club", link: "/club/coding" });
  });

  it("lists two upcoming events, both dated 'To be Announced'", () => {
    expect(home.upcoming).toHaveLength(2);
    expect(home.upcoming.map((event) => event.date)).toEqual(["To be Announced", "To be Announced"]);
  });

  it("has Get Involved cards leading to the join, suggestion and ideas forms", () => {
    const links = home.getInvolved.map((card) => card.link);
    expect(links).toEqual(expect.arrayContaining(["/join", "/suggestion", "/ideas"]));
  });

  it("titles the hero with the council's name and promotes the hackathon in the popup", () => {
    expect(home.hero).toMatchObject({ title: "Student Council", tagline: "Empowering students, building leaders." });
    expect(home.popup.title).toBe("SIH 2025 Internal Hackathon");
  });

  it("is titled with the council's name alone", () => {
    const tags = homeMeta(metaArgs as unknown as Parameters<typeof homeMeta>[0]);
    expect(tags).toContainEqual({ title: "Student Council" });
  });
});
