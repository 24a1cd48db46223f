import type { Catalogue } from "../../en";

/**
 * The join form's words, in Hindi: one part of the catalogue's forms area (hi/forms.ts).
 */

export const join: Catalogue["forms"]["join"] = {
  heading: "{{product}} से जुड़ें",
  intro: "उस टीम का हिस्सा बनिए जो कार्यक्रम करवाती है, क्लब चलाती है और छात्रों की बात रखती है।",
  name: { label: "पूरा नाम", missing: "अपना पूरा नाम लिखें।" },
  email: { label: "ईमेल", missing: "अपना ईमेल पता लिखें।", invalid: "ईमेल पता सही नहीं है।" },
  phone: { label: "फ़ोन नंबर", missing: "अपना फ़ोन नंबर लिखें।", invalid: "फ़ोन नंबर सही नहीं है।" },
  enrollment: { label: "नामांकन संख्या (Enrollment Number)", missing: "अपनी नामांकन संख्या लिखें।" },
  dob: {
    missing: "अपनी जन्म तिथि लिखें।",
    invalid: "सही जन्म तिथि लिखें।",
    tooEarly: "जन्म तिथि 1900 से पहले की नहीं हो सकती।",
    notPast: "जन्म तिथि बीते हुए दिन की होनी चाहिए।",
  },
  gender: {
    label: "लिंग (Gender)",
    missing: "अपना लिंग चुनें।",
    male: "पुरुष",
    female: "महिला",
    other: "नहीं बताना चाहते",
  },
  college: { label: "कॉलेज", missing: "अपना कॉलेज चुनें।" },
  department: { label: "विभाग (Department)", missing: "अपना विभाग चुनें।" },
  year: {
    label: "पढ़ाई का वर्ष",
    missing: "अपनी पढ़ाई का वर्ष चुनें।",
    first: "पहला वर्ष",
    second: "दूसरा वर्ष",
    third: "तीसरा वर्ष",
    fourth: "चौथा वर्ष",
  },
  club: { label: "क्लब", missing: "एक क्लब चुनें।" },
  motivation: { label: "आप काउंसिल से क्यों जुड़ना चाहते हैं?", missing: "बताएँ कि आप क्यों जुड़ना चाहते हैं।" },
  terms: {
    missing: "नियम और शर्तें (terms & conditions) स्वीकार करें।",
    label: "मुझे सभी <link>नियम और शर्तें (terms and conditions)</link> स्वीकार हैं",
  },
  submit: "आवेदन भेजें",
  pending: "भेजा जा रहा है...",
  success: "फ़ॉर्म सफलतापूर्वक भेज दिया गया!",
  failure: "फ़ॉर्म नहीं भेजा जा सका। फिर से कोशिश करें।",
};
