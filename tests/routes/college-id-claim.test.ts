import type { Refusal } from "~/types/refusals";
import { beforeEach, describe, expect, it } from "vitest";
import { locales, localizedPath, type Locale } from "~/i18n/locale";
import CollegeIdClaimPage, { action } from "~/routes/college-id-claim";
import { idCardForm } from "../backend/samples";
import { type FormReply as Reply, post, redirectOf, renderRoute, routeArgs } from "../support/routes";
import { useRecordingBackend } from "../support/fake-backend";

/**
 * "This College ID is mine" from its page in each language: the form's messages, the store's answers said in the
 * page's language, and the page's words. The claim's way through the built-in store (kept with its ID card, the
 * council's decision, the e-mails) is tests/routes/council-accounts.test.ts's.
 */

const fake = useRecordingBackend();

// The form is offered where the identity brings the council's account checks (the built-in store's and Firebase's
// do): here a fake of their one call the page makes.
type ClaimAnswer = { ok: true } | { ok: false; reason: "rejected" | "unavailable"; refusal?: Refusal };
const claims: { answer: ClaimAnswer } = { answer: { ok: true } };
Object.assign(fake.backend, { accountChecks: { submitClaim: () => Promise.resolve(claims.answer) } });

beforeEach(() => {
  fake.reset();
  claims.answer = { ok: true };
});

/** The claim form's words in each language: the site's English, and the Hindi of the Hindi catalogue. */
const words = {
  en: {
    missing: {
      username: ["Please enter your full name."],
      email: ["Please enter your email."],
      enrollment: ["Please enter your enrollment number."],
      idCard: ["Please choose an image of your ID card."],
      consent: ["Please agree to the privacy notice to send this."],
    },
    notAnImage: "The ID card must be an image (PNG, JPEG, GIF or WebP).",
    nobody: "No account uses this College ID now: you can register with it.",
    failed: "Something went wrong! Please try again later.",
    sent: "We sent your message to the council. They will compare both ID cards and write to you.",
    labels: ["Full Name", "Email", "Enrollment Number", "ID Card"],
    submit: ">Send to the council</button>",
  },
  hi: {
    missing: {
      username: ["अपना पूरा नाम लिखें।"],
      email: ["अपना ईमेल लिखें।"],
      enrollment: ["अपनी नामांकन संख्या लिखें।"],
      idCard: ["अपने आईडी कार्ड की इमेज चुनें।"],
      consent: ["यह भेजने के लिए निजता सूचना (Privacy notice) से सहमति दें।"],
    },
    notAnImage: "आईडी कार्ड एक इमेज (PNG, JPEG, GIF या WebP) होना चाहिए।",
    nobody: "अभी कोई अकाउंट इस कॉलेज आईडी का इस्तेमाल नहीं करता: आप इससे रजिस्टर कर सकते हैं।",
    failed: "कुछ गड़बड़ हो गई! थोड़ी देर बाद फिर से कोशिश करें।",
    sent: "हमने आपका संदेश काउंसिल को भेज दिया है। वे दोनों आईडी कार्ड मिलाकर आपको लिखेंगे।",
    labels: ["पूरा नाम", "ईमेल", "नामांकन संख्या (Enrollment Number)", "आईडी कार्ड (ID Card)"],
    submit: ">काउंसिल को भेजें</button>",
  },
};

const claim = { username: "Priya Verma", email: "priya@example.org", enrollment: "0187XX999999" };

const labels = (html: string) =>
  [...html.matchAll(/<label[^>]*>([\s\S]*?)<\/label>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, ""));

describe.each(locales)("/college-id-claim in %s", (locale: Locale) => {
  const said = words[locale];
  const path = localizedPath(locale, "/college-id-claim");
  const send = async (body: FormData) => {
    const result = (await action(routeArgs(post(path, body)))) as Reply;
    return { status: result.init?.status, errors: result.data.error ?? {} };
  };

  it("names every missing field in the page's language, in the form's order", async () => {
    const body = new FormData();
    body.append("idCard", new File([], "", { type: "application/octet-stream" }));
    const { status, errors } = await send(body);
    expect(status).toBe(400);
    expect(Object.entries(errors)).toEqual(Object.entries(said.missing));
  });

  it("refuses a file that is no image, says the store's refusal and failure, and confirms into the home page", async () => {
    expect(
      (await send(idCardForm(claim, new File(["just text"], "card.png", { type: "image/png" })))).errors.idCard,
    ).toEqual([said.notAnImage]);
    claims.answer = { ok: false, reason: "rejected", refusal: { code: "noAccountToClaim" } };
    const nobody = await send(idCardForm(claim));
    expect(nobody.status).toBe(409);
    expect(nobody.errors.enrollment).toEqual([said.nobody]);
    claims.answer = { ok: false, reason: "unavailable" };
    expect((await send(idCardForm(claim))).errors[""]).toEqual([said.failed]);
    claims.answer = { ok: true };
    const home = localizedPath(locale, "/");
    expect(await redirectOf(await action(routeArgs(post(path, idCardForm(claim)))), home)).toMatchObject({
      location: home,
      toast: { message: said.sent },
    });
  });

  it("shows its labels and button in the page's language", () => {
    const html = renderRoute({ path, Component: CollegeIdClaimPage, loaderData: null, locale });
    expect(labels(html).slice(1, 5)).toEqual(said.labels);
    expect(html).toContain(said.submit);
  });
});
