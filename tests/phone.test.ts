import { describe, expect, it } from "vitest";
import { canonicalPhone, displayPhone, phoneFieldValue, tidyPhoneInput } from "~/forms/phone";

describe("the site's one phone rule", () => {
  it.each([
    "9876543210",
    "98765 43210",
    "98765-43210",
    "(98765) 43210",
    "98765.43210",
    "+91 98765 43210",
    "+91-98765-43210",
    "+919876543210",
    "919876543210",
    "09876543210",
  ])("reads %j as +919876543210", (written) => {
    expect(canonicalPhone(written)).toBe("+919876543210");
  });

  it("keeps a number that itself starts with 91", () => {
    expect(canonicalPhone("9112345678")).toBe("+919112345678");
  });

  it.each(["98765432109999", "+91 98765 432101", "987654321", "5123456789", "+1 9876543210", "98765abcde", "", "91"])(
    "refuses %j rather than cutting or guessing",
    (written) => {
      expect(canonicalPhone(written)).toBeUndefined();
    },
  );

  it("shows every stored form, old and new, as +91 98765 43210", () => {
    expect(displayPhone("+919876543210")).toBe("+91 98765 43210");
    expect(displayPhone("9876543210")).toBe("+91 98765 43210");
    expect(displayPhone("Not Provided")).toBe("Not Provided");
  });

  it("while typing, a pasted full number becomes its ten digits and nothing pasted is lost", () => {
    expect(tidyPhoneInput("+91 98765 43210")).toBe("9876543210");
    expect(tidyPhoneInput("98765 432109999")).toBe("98765 432109999");
    expect(tidyPhoneInput("98765abc")).toBe("98765");
    expect(tidyPhoneInput("9198765432")).toBe("9198765432");
  });

  it("a number put back into a field shown after +91 never repeats the +91, and nothing else is cut", () => {
    expect(phoneFieldValue("+91 98765 43210")).toBe("9876543210");
    expect(phoneFieldValue("+919876543210")).toBe("9876543210");
    expect(phoneFieldValue("098765 43210")).toBe("9876543210");
    expect(phoneFieldValue("+91 98765")).toBe("98765");
    expect(phoneFieldValue("98765 432101")).toBe("98765 432101");
    expect(phoneFieldValue("9198765432")).toBe("9198765432");
    expect(phoneFieldValue("")).toBe("");
  });
});
