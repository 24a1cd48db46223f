import { beforeEach, describe, expect, it } from "vitest";
import { locales, localizedPath, type Locale } from "~/i18n/locale";
import UserProfileRegistration, {
  action as registrationAction,
  loader as registrationLoader,
} from "~/routes/user-profile-registration";
import { idCardForm, registrationFormFields, tinyPng } from "../backend/samples";
import {
  dataOf,
  post,
  redirectOf,
  renderRoute,
  routeArgs,
  type RouteResult as ActionResult,
  statusOf,
  toastAfter,
} from "../support/routes";
import { useRecordingBackend } from "../support/fake-backend";

const fake = useRecordingBackend();

beforeEach(() => fake.reset());

type Reply = { status?: string; error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> };

const pngFile = () => new File([new Uint8Array(tinyPng)], "id-card.png", { type: "image/png" });

const validFields = registrationFormFields;

/**
 * Posts the form as a browser does: multipart/form-data with the ID card file, the consent box ticked unless
 * `consent: ""`.
 */
function register(fields: Record<string, string> = {}, idCard: File | null = pngFile()): Promise<ActionResult> {
  const { consent = "on", ...entries } = fields;
  const body = new FormData();
  for (const [name, value] of Object.entries({ ...validFields, ...entries })) body.append(name, value);
  body.append("idCard", idCard ?? new File([], "", { type: "application/octet-stream" }));
  if (consent) body.append("consent", consent);
  return registrationAction(routeArgs(post("/userProfileRegistration", body)));
}

const replyOf = (result: ActionResult) => dataOf<Reply>(result);

const renderRegistration = (actionData?: unknown) =>
  renderRoute({
    path: "/userProfileRegistration",
    Component: UserProfileRegistration,
    loaderData: registrationLoader(),
    actionData,
  });

describe("user registration page", () => {
  it("has the title 'User Registration' and a subtitle about joining the council", () => {
    const html = renderRegistration();
    expect(html).toMatch(/<h1[^>]*>User Registration<\/h1>/);
    expect(html).toContain("Join the Student Council");
  });

  it("labels every field, shows +91 before the phone, takes images only, and posts multipart", () => {
    const html = renderRegistration();
    for (const [label, name] of [
      ["Full Name", "username"],
      ["Email", "email"],
      ["Enrollment Number", "enrollment"],
      ["College Name", "college"],
      ["Branch", "branch"],
      ["Phone Number", "phone"],
      ["Date of Birth", "dob"],
      ["Gender", "gender"],
      ["ID Card", "idCard"],
    ]) {
      const id = new RegExp(`<label[^>]*for="([^"]+)"[^>]*>${label}</label>`).exec(html)?.[1];
      expect(id, label).toBeDefined();
      const control = new RegExp(`<(input|select)[^>]*id="${id}"[^>]*>`).exec(html)?.[0] ?? "";
      expect(control, label).toContain(`name="${name}"`);
      expect(control, label).toContain("required");
    }
    expect(html).toContain(">+91</span>");
    expect(html).toMatch(/<input[^>]*type="file"[^>]*accept="image\/\*"/);
    for (const gender of ["Male", "Female", "Other"])
      expect(html).toContain(`<option value="${gender}">${gender}</option>`);
    // HTML attribute names are case-insensitive (React writes encType).
    const form = /<form[^>]*>/.exec(html)?.[0] ?? "";
    expect(form).toMatch(/enctype="multipart\/form-data"/i);
    expect(form).toContain('method="post"');
    expect(html).toMatch(/href="\/login"/);
  });

  it("says under the date of birth how to type it where there is no date picker, named by the field's description", () => {
    const html = renderRegistration();
    const describedBy = /<input[^>]*name="dob"[^>]*>/.exec(html)?.[0].match(/aria-describedby="([^"]+)"/)?.[1];
    expect(describedBy).toBeDefined();
    expect(html).toMatch(
      new RegExp(
        `id="${describedBy}"[^>]*><span data-without-date-picker="">No calendar\\? Type it day first, e.g. 05/09/2004.<`,
      ),
    );
  });

  it("after a failed submit keeps the entries and says the ID card may have to be chosen again", () => {
    const html = renderRegistration({
      status: "error",
      initialValue: { username: "Asha Verma", phone: "9876543210" },
      error: { "": ["Something went wrong!"] },
    });
    expect(html).toMatch(/role="alert"[^>]*><p>Something went wrong!<\/p>/);
    expect(html).toContain('value="Asha Verma"');
    expect(html).toContain("please choose the image again");
  });
});

describe("user registration succeeds", () => {
  it("without scripts: creates the account and redirects home with the toast 'Registration Successful!'", async () => {
    const result = await register();
    const { calls } = fake;

    expect(result).toBeInstanceOf(Response);
    expect(statusOf(result)).toBe(302);
    const response = result as Response;
    expect(response.headers.get("Location")).toBe("/");

    expect(calls.registerAccount).toHaveLength(1);
    const { idCard, ...registration } = calls.registerAccount[0]!;
    expect(registration).toEqual({ ...validFields, phone: "+919876543210" });
    expect(idCard.mediaType).toBe("image/png");
    expect(Array.from(idCard.bytes)).toEqual(Array.from(new Uint8Array(tinyPng)));

    expect(await toastAfter(response)).toMatchObject({ message: "Registration Successful!", type: "success" });
  });

  it("with scripts: answers data so the page shows its own dialog", async () => {
    const result = await register({ enhanced: "1" });
    expect(statusOf(result)).toBe(200);
    expect(replyOf(result)).toEqual({ registered: true });
    expect(fake.calls.registerAccount).toHaveLength(1);
  });

  it("a form-filling bot gets the success answer but nothing is registered", async () => {
    const result = await register({ website: "https://spam.example" });
    expect(statusOf(result)).toBe(302);
    expect(fake.calls.registerAccount).toHaveLength(0);
  });
});

describe("user registration phone number", () => {
  it.each([
    ["+91 98765 43210", "+919876543210"],
    ["98765-43210", "+919876543210"],
    ["919876543210", "+919876543210"],
    ["(0)98765.43210", "+919876543210"],
    ["9112345678", "+919112345678"],
  ])("stores %s as %s", async (typed, stored) => {
    expect(statusOf(await register({ phone: typed }))).toBe(302);
    expect(fake.calls.registerAccount[0]?.phone).toBe(stored);
  });

  it.each(["12345", "", "91 12345", "(987) 654 3210 99", "98765432109999", "5123456789"])(
    "refuses %j with 'Phone number must be 10 digits.'",
    async (typed) => {
      const result = await register({ phone: typed });
      expect(statusOf(result)).toBe(400);
      expect(replyOf(result).error?.phone).toEqual(["Phone number must be 10 digits."]);
      expect(fake.calls.registerAccount).toHaveLength(0);
    },
  );

  it("the page's phone field is the shared one: shown after +91, tidied while typing but never cut", () => {
    const html = renderRegistration();
    const phoneInput = /<input[^>]*name="phone"[^>]*>/.exec(html)?.[0] ?? "";
    expect(phoneInput).toContain('type="tel"');
    expect(phoneInput).toContain('inputMode="tel"');
    expect(phoneInput).not.toContain("maxLength");
  });
});

describe("user registration ID card", () => {
  it("refuses a text file renamed .png", async () => {
    const result = await register({}, new File(["not an image at all"], "card.png", { type: "image/png" }));
    expect(statusOf(result)).toBe(400);
    expect(replyOf(result).error?.idCard).toEqual(["The ID card must be an image (PNG, JPEG, GIF or WebP)."]);
    expect(fake.calls.registerAccount).toHaveLength(0);
  });

  it("refuses an image just over 5 MB with 'The ID card image must be 5 MB or smaller.'", async () => {
    const content = new Uint8Array(5 * 1024 * 1024 + 1);
    content.set(tinyPng);
    const result = await register({}, new File([content], "card.png", { type: "image/png" }));
    expect(statusOf(result)).toBe(400);
    expect(replyOf(result).error?.idCard).toEqual(["The ID card image must be 5 MB or smaller."]);
    expect(fake.calls.registerAccount).toHaveLength(0);
  });

  it("a 6 MB image gets 'The ID card image must be 5 MB or smaller.' with every other entry kept", async () => {
    const content = new Uint8Array(6 * 1024 * 1024);
    content.set(tinyPng);
    const result = await register({ username: "Asha Kept" }, new File([content], "card.png", { type: "image/png" }));
    expect(statusOf(result)).toBe(400);
    const reply = replyOf(result);
    expect(reply.error?.idCard).toEqual(["The ID card image must be 5 MB or smaller."]);
    expect(reply.error?.[""] ?? null).toBeNull();
    expect(reply.initialValue).toMatchObject({ ...validFields, username: "Asha Kept" });
    expect(fake.calls.registerAccount).toHaveLength(0);
  });

  it("the same with the length announced, as a browser sends it", async () => {
    const content = new Uint8Array(6 * 1024 * 1024);
    content.set(tinyPng);
    const body = new FormData();
    for (const [name, value] of Object.entries(validFields)) body.append(name, value);
    body.append("idCard", new File([content], "card.png", { type: "image/png" }));
    body.append("consent", "on");
    const encoded = new Request("http://localhost/", { method: "POST", body });
    const bytes = await encoded.arrayBuffer();
    const request = new Request("http://localhost/userProfileRegistration", {
      method: "POST",
      body: bytes,
      headers: { "Content-Type": encoded.headers.get("Content-Type")!, "Content-Length": String(bytes.byteLength) },
    });
    const result = await registrationAction(routeArgs(request));
    expect(statusOf(result)).toBe(400);
    expect(replyOf(result).error?.idCard).toEqual(["The ID card image must be 5 MB or smaller."]);
    expect(replyOf(result).initialValue).toMatchObject({ username: "Asha Verma", branch: "CSE" });
  });

  it("keeps non-ASCII entries intact when read as a stream", async () => {
    const result = await register({ username: "आरव शर्मा", email: "nope" });
    expect(statusOf(result)).toBe(400);
    expect(replyOf(result).initialValue).toMatchObject({ username: "आरव शर्मा" });
  });

  it("refuses a body over the 16 MB outer guard with 413 before reading it whole", async () => {
    const content = new Uint8Array(17 * 1024 * 1024);
    content.set(tinyPng);
    const result = await register({}, new File([content], "card.png", { type: "image/png" }));
    expect(statusOf(result)).toBe(413);
    expect(replyOf(result).error?.[""]).toEqual(["The form is too large to send. Please shorten it and try again."]);
    expect(fake.calls.registerAccount).toHaveLength(0);
  });

  it("asks for the ID card when none was chosen", async () => {
    const result = await register({}, null);
    expect(statusOf(result)).toBe(400);
    expect(replyOf(result).error?.idCard).toEqual(["Please choose an image of your ID card."]);
  });
});

describe("user registration rules", () => {
  it("refuses a date of birth that does not exist or is not in the past", async () => {
    expect(replyOf(await register({ dob: "2004-02-30" })).error?.dob).toEqual(["Please enter a real date of birth."]);
    expect(replyOf(await register({ dob: "2999-01-01" })).error?.dob).toEqual([
      "The date of birth must be in the past.",
    ]);
  });

  it("refuses a gender outside Male, Female and Other", async () => {
    expect(replyOf(await register({ gender: "Unknown" })).error?.gender).toEqual(["Please select your gender."]);
  });
});

describe("user registration consent", () => {
  it("an unticked box is refused with 400 and 'Please agree to the privacy notice to register.', nothing stored, entries kept", async () => {
    const result = await register({ consent: "" });
    expect(statusOf(result)).toBe(400);
    const reply = replyOf(result);
    expect(reply.error?.consent).toEqual(["Please agree to the privacy notice to register."]);
    expect(reply.initialValue).toMatchObject({ username: "Asha Verma", enrollment: "0101CS221001" });
    expect(fake.calls.registerAccount).toHaveLength(0);
    expect(renderRegistration(reply)).toContain("Please agree to the privacy notice to register.");
  });

  it("with scripts the same: no account without the box", async () => {
    const result = await register({ consent: "", enhanced: "1" });
    expect(statusOf(result)).toBe(400);
    expect(replyOf(result).error?.consent).toEqual(["Please agree to the privacy notice to register."]);
    expect(fake.calls.registerAccount).toHaveLength(0);
  });

  it("is checked last: other mistakes and the box are reported together", async () => {
    const reply = replyOf(await register({ consent: "", email: "asha@" }));
    expect(reply.error?.email).toEqual(["Invalid email address."]);
    expect(reply.error?.consent).toEqual(["Please agree to the privacy notice to register."]);
  });

  it("the page has the box (not pre-ticked, not required) linking to the notice, then what the data is for, then Register", () => {
    const html = renderRegistration();
    const box = /<input[^>]*name="consent"[^>]*>/.exec(html)?.[0] ?? "";
    expect(box).toContain('type="checkbox"');
    expect(box).not.toMatch(/required|checked/);
    expect(html).toMatch(
      /I agree that the council keeps these details as <a[^>]*href="\/privacy"[^>]*>the privacy notice<\/a> says\./,
    );
    const order = [
      'name="consent"',
      "Your details make your account; the ID card is used only to check",
      ">How we keep your data</a>",
      ">Register</button>",
    ];
    const positions = order.map((text) => html.indexOf(text));
    expect(positions.every((position) => position > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });
});

describe("user registration backend answers", () => {
  it("shows the backend's reason when it refuses, keeping the entries", async () => {
    fake.answers.registerAccount = {
      ok: false,
      reason: "rejected",
      refusal: { code: "councilApiSaid", message: "This enrollment number is already registered." },
    };
    const result = await register();
    expect(statusOf(result)).toBe(400);
    const reply = replyOf(result);
    expect(reply.error?.[""]).toEqual(["This enrollment number is already registered."]);
    expect(reply.initialValue).toMatchObject({ username: "Asha Verma", enrollment: "0101CS221001" });
  });

  it("shows 'Something went wrong!' for a refusal without a reason", async () => {
    fake.answers.registerAccount = { ok: false, reason: "rejected" };
    expect(replyOf(await register()).error?.[""]).toEqual(["Something went wrong!"]);
  });
});

/** The form's words in each language: the specification's English, and the Hindi of the Hindi catalogue. */
const words = {
  en: {
    missing: {
      email: ["Please enter your email."],
      enrollment: ["Please enter your enrollment number."],
      college: ["Please enter your college name."],
      branch: ["Please enter your branch."],
      phone: ["Phone number must be 10 digits."],
      dob: ["Please enter your date of birth."],
      gender: ["Please select your gender."],
      idCard: ["Please choose an image of your ID card."],
      consent: ["Please agree to the privacy notice to register."],
    },
    invalidEmail: "Invalid email address.",
    unrealDob: "Please enter a real date of birth.",
    notAnImage: "The ID card must be an image (PNG, JPEG, GIF or WebP).",
    emailTaken:
      "This email address is already confirmed for another account. If that account is yours, log in with its College ID; if not, write to the council.",
    failed: "Something went wrong!",
    registered: "Registration Successful!",
    labels: [
      "Leave this field empty",
      "Full Name",
      "Email",
      "Enrollment Number",
      "College Name",
      "Branch",
      "Phone Number",
      "Date of Birth",
      "Gender",
      "ID Card",
      "I agree that the council keeps these details as the privacy notice says.",
    ],
    chooseGender: '<option value="">Select gender</option>',
    submit: ">Register</button>",
  },
  hi: {
    missing: {
      email: ["अपना ईमेल लिखें।"],
      enrollment: ["अपनी नामांकन संख्या लिखें।"],
      college: ["अपने कॉलेज का नाम लिखें।"],
      branch: ["अपनी ब्रांच लिखें।"],
      phone: ["फ़ोन नंबर 10 अंकों का होना चाहिए।"],
      dob: ["अपनी जन्म तिथि लिखें।"],
      gender: ["अपना लिंग चुनें।"],
      idCard: ["अपने आईडी कार्ड की इमेज चुनें।"],
      consent: ["रजिस्टर करने के लिए निजता सूचना (Privacy notice) से सहमति दें।"],
    },
    invalidEmail: "ईमेल पता सही नहीं है।",
    unrealDob: "सही जन्म तिथि लिखें।",
    notAnImage: "आईडी कार्ड एक इमेज (PNG, JPEG, GIF या WebP) होना चाहिए।",
    emailTaken:
      "इस ईमेल पते की पुष्टि किसी दूसरे अकाउंट के लिए हो चुकी है। अगर वह अकाउंट आपका है, तो उसकी कॉलेज आईडी से लॉग इन करें; अगर नहीं, तो काउंसिल को लिखें।",
    failed: "कुछ गड़बड़ हो गई!",
    registered: "रजिस्ट्रेशन हो गया!",
    labels: [
      "इस फ़ील्ड को खाली छोड़ें",
      "पूरा नाम",
      "ईमेल",
      "नामांकन संख्या (Enrollment Number)",
      "कॉलेज का नाम",
      "ब्रांच (Branch)",
      "फ़ोन नंबर",
      "जन्म तिथि (Date of Birth)",
      "लिंग (Gender)",
      "आईडी कार्ड (ID Card)",
      "मैं सहमत हूँ कि काउंसिल ये जानकारी वैसे ही रखे जैसा निजता सूचना (Privacy notice) में लिखा है।",
    ],
    chooseGender: '<option value="">लिंग चुनें</option>',
    submit: ">रजिस्टर करें</button>",
  },
};

const labels = (html: string) =>
  [...html.matchAll(/<label[^>]*>([\s\S]*?)<\/label>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, ""));

describe.each(locales)("user registration in %s", (locale: Locale) => {
  const said = words[locale];
  const path = localizedPath(locale, "/userProfileRegistration");
  // The date of birth written day first, as a browser without a date picker sends it.
  const student = { ...validFields, dob: "05/09/2004" };
  const send = async (body: FormData) => {
    const result = (await registrationAction(routeArgs(post(path, body)))) as ActionResult;
    return { status: statusOf(result), reply: replyOf(result) };
  };

  it("names every missing field in the page's language, in the form's order, the consent last; keeps what was typed", async () => {
    const body = new FormData();
    body.append("username", "Asha Verma");
    body.append("idCard", new File([], "", { type: "application/octet-stream" }));
    const { status, reply } = await send(body);
    expect(status).toBe(400);
    expect(Object.entries(reply.error ?? {})).toEqual(Object.entries(said.missing));
    expect(reply.initialValue?.username).toBe("Asha Verma");
  });

  it("refuses a wrong email, a date of birth that does not exist, and a file that is no image", async () => {
    const wrong = await send(idCardForm({ ...student, email: "asha@", dob: "31/02/2004" }));
    expect(wrong.reply.error?.email).toEqual([said.invalidEmail]);
    expect(wrong.reply.error?.dob).toEqual([said.unrealDob]);
    const text = new File(["just text"], "card.png", { type: "image/png" });
    expect((await send(idCardForm(student, text))).reply.error?.idCard).toEqual([said.notAnImage]);
    expect(fake.calls.registerAccount).toHaveLength(0);
  });

  it("says the store's refusal and failure, and registers the day-first date of birth into the home page", async () => {
    fake.answers.registerAccount = { ok: false, reason: "rejected", refusal: { code: "emailTaken" } };
    const taken = await send(idCardForm(student));
    expect(taken.status).toBe(400);
    expect(taken.reply.error?.[""]).toEqual([said.emailTaken]);
    fake.answers.registerAccount = { ok: false, reason: "unavailable" };
    const down = await send(idCardForm(student));
    expect(down.status).toBe(503);
    expect(down.reply.error?.[""]).toEqual([said.failed]);
    fake.reset();
    const home = localizedPath(locale, "/");
    const done = await registrationAction(routeArgs(post(path, idCardForm(student))));
    expect(await redirectOf(done, home)).toMatchObject({
      location: home,
      toast: { type: "success", message: said.registered },
    });
    expect(fake.calls.registerAccount[0]).toMatchObject({ dob: "2004-09-05", phone: "+919876543210" });
  });

  it("shows its labels, the consent and the button in the page's language", () => {
    const html = renderRoute({ path, Component: UserProfileRegistration, loaderData: registrationLoader(), locale });
    expect(labels(html)).toEqual(said.labels);
    expect(html).toContain(said.chooseGender);
    expect(html).toContain(said.submit);
  });
});
