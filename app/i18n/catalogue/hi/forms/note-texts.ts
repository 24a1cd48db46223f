import type { Catalogue } from "../../en";

/**
 * The suggestion box's and the ideas form's words, in Hindi: one part of the catalogue's forms area (hi/forms.ts).
 */

export const suggestion: Catalogue["forms"]["suggestion"] = {
  heading: "सुझाव पेटी (Suggestion Box)",
  intro: "काउंसिल को बेहतर बनाने के लिए अपनी समस्याएँ और सुझाव बताइए।",
  name: { label: "आपका नाम", missing: "अपना नाम लिखें।" },
  enrollment: { label: "नामांकन संख्या (Enrollment Number)", missing: "अपनी नामांकन संख्या लिखें।" },
  college: { label: "कॉलेज", missing: "अपने कॉलेज का नाम लिखें।" },
  problem: { label: "समस्या बताएँ", missing: "समस्या बताएँ।" },
  solution: { label: "आपका सुझाव या हल", missing: "अपना सुझाव या हल बताएँ।" },
  submit: "सुझाव भेजें",
  pending: "भेजा जा रहा है...",
  success: "सुझाव सफलतापूर्वक भेज दिया गया!",
  failure: "फ़ॉर्म नहीं भेजा जा सका। फिर से कोशिश करें।",
};

export const ideas: Catalogue["forms"]["ideas"] = {
  heading: "आइडिया और इनोवेशन",
  intro: "कोई ऐसा आइडिया है जो कैंपस की ज़िंदगी बेहतर बना सकता है? हमें बताइए कि वह क्या है और उससे क्या बदलाव आएगा।",
  name: { label: "आपका नाम", missing: "अपना नाम लिखें।" },
  enrollment: { label: "नामांकन संख्या (Enrollment Number)", missing: "अपनी नामांकन संख्या लिखें।" },
  college: { label: "कॉलेज का नाम", missing: "अपने कॉलेज का नाम लिखें।" },
  title: { label: "आपके आइडिया का शीर्षक", missing: "अपने आइडिया को एक शीर्षक दें।" },
  description: {
    label: "अपना आइडिया बताएँ",
    missing: "अपना आइडिया बताएँ।",
    placeholder: "अपना आइडिया विस्तार से बताएँ...",
  },
  impact: {
    label: "इस आइडिया से क्या असर या बदलाव आएगा?",
    missing: "बताएँ कि आपके आइडिया से क्या असर या बदलाव आएगा।",
  },
  submit: "आइडिया भेजें",
  pending: "भेजा जा रहा है...",
  success: "आइडिया सफलतापूर्वक भेज दिया गया! 🚀",
  failure: "फ़ॉर्म नहीं भेजा जा सका। फिर से कोशिश करें।",
};
