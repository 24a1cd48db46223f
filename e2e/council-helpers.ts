import { execFileSync } from "node:child_process";
import type { APIRequestContext, APIResponse, TestInfo } from "@playwright/test";
import { expect, newClientAddress } from "./fixtures";
import { pngIdCard, uniqueSuffix } from "./form-helpers";

/** `npm run council -- …` against the e2e server's own database (playwright.config.ts shares its path). */
export function council(...args: string[]): string {
  try {
    return execFileSync(process.execPath, ["build/cli/council.js", ...args], {
      encoding: "utf8",
      env: { ...process.env, NODE_ENV: "test", DATABASE_PATH: process.env.E2E_DATABASE_PATH, COUNCIL_API_URL: "" },
    });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? "";
    throw new Error(
      `npm run council -- ${args.join(" ")} failed: ${stderr}\nIf the account is unknown, the e2e server may be one reused ` +
        "from an earlier run (another database): stop it and run again.",
    );
  }
}

/** Registers over HTTP as any student does, from a client address of its own (the registration limit is per client). */
export function registerAs(
  request: APIRequestContext,
  collegeId: string,
  username: string,
  email = `${collegeId.toLowerCase()}@example.com`,
): Promise<APIResponse> {
  return request.post("/userProfileRegistration", {
    headers: { "X-Forwarded-For": newClientAddress() },
    maxRedirects: 0,
    multipart: {
      username,
      email,
      enrollment: collegeId,
      college: "Technocrats Institute of Technology",
      branch: "CSE",
      phone: "9876543210",
      dob: "2003-05-17",
      gender: "Female",
      idCard: pngIdCard,
      consent: "on",
    },
  });
}

/**
 * An account registered as any student registers (the form's own spec tests the form), its College ID made of
 * `prefix` and the test's suffix; with the council role granted as an administrator would, when `member`.
 */
export async function newCouncilAccount(
  request: APIRequestContext,
  testInfo: TestInfo,
  { prefix, name, member }: { prefix: string; name: string; member: boolean },
) {
  const collegeId = `${prefix}${uniqueSuffix(testInfo)}`;
  const response = await registerAs(request, collegeId, `${name} ${collegeId}`);
  expect(response.status(), await response.text()).toBe(302);
  if (member) expect(council("grant", collegeId)).toContain(`Granted the council role to ${collegeId}`);
  return { collegeId, password: "17052003" };
}
