import { afterEach, describe, expect, it, vi } from "vitest";
import { log } from "~/server/ops/log.server";
import { shownBearers } from "~/components/clubs/bearers";
import { loader as clubDetailLoader } from "~/routes/club-detail";
import { loader as clubsLoader } from "~/routes/clubs";
import { specifiedClubs } from "../fixtures/specified-clubs";
import { get, routeArgs, thrownBy } from "../support/routes";

const clubDetailArgs = (clubName: string) => routeArgs(get(`/club/${encodeURIComponent(clubName)}`), { clubName });

afterEach(() => {
  vi.restoreAllMocks();
});

describe("clubs listing", () => {
  it("lists 19 clubs, each card linking to its club page", () => {
    const { clubs, caption } = clubsLoader(routeArgs(get("/clubs")));
    expect(clubs).toHaveLength(19);
    for (const club of clubs) expect(club.link).toMatch(/^\/club\/[^/]+$/);
    expect(clubs[0]).toMatchObject({ name: "Alumni Relation Committee", link: "/club/alumni" });
    expect(caption).toBe("Student Council");
  });
});

describe("club page", () => {
  it.each(specifiedClubs)("/club/%s opens %s", (slug, name) => {
    const { club } = clubDetailLoader(clubDetailArgs(slug));
    expect(club.name).toBe(name);
  });

  it("finds a club whatever the case of the link: /club/CODING opens the Coding Club", () => {
    expect(clubDetailLoader(clubDetailArgs("CODING")).club.name).toBe("Coding Club");
  });

  it("answers 404 and logs the miss for a club that does not exist", () => {
    const logged = vi.spyOn(log, "error").mockImplementation(() => {});
    const thrown = thrownBy(() => clubDetailLoader(clubDetailArgs("no-such-club")));
    expect(thrown).toMatchObject({ type: "DataWithResponseInit", init: { status: 404 } });
    expect(logged).toHaveBeenCalledWith(expect.anything(), expect.stringContaining("no-such-club"));
  });

  it("gives the page the club's texts, bearers and Instagram link", () => {
    const { club } = clubDetailLoader(clubDetailArgs("coding"));
    expect(club.link).toBe("/club/coding");
    expect(club.description).not.toBe("");
    expect(club.mission).not.toBe("");
    expect(club.vision).not.toBe("");
    expect(club.instagramUrl).toMatch(/^https:\/\//);
    expect(club.bearers.map((bearer) => bearer.role)).toEqual(["coordinator", "secretary", "assistant_secretary"]);
  });
});

describe("club bearers", () => {
  const bearer = (name: string) => ({ name, photo: `/images/samples/people/${name || "vacant"}.webp` });

  it("shows coordinator, secretary and assistant secretary in that order, underscore read as a space", () => {
    const shown = shownBearers({
      assistant_secretary: bearer("Asha"),
      secretary: bearer("Ravi"),
      coordinator: bearer("Meera"),
    });
    expect(shown.map(({ label, name }) => [label, name])).toEqual([
      ["coordinator", "Meera"],
      ["secretary", "Ravi"],
      ["assistant secretary", "Asha"],
    ]);
  });

  it("leaves out a role whose name is empty or only spaces", () => {
    const shown = shownBearers({
      coordinator: bearer("Meera"),
      secretary: bearer("   "),
      assistant_secretary: bearer(""),
    });
    expect(shown.map((shownBearer) => shownBearer.role)).toEqual(["coordinator"]);
  });
});
