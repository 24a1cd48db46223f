import type { Catalogue } from "../../en";

/**
 * The profile's forms' words: logging out, deleting the account, in Hindi: one part of the catalogue's forms area (hi/forms.ts).
 */

export const logout: Catalogue["forms"]["logout"] = {
  done: "आप लॉग आउट हो गए हैं।",
  failed: "लॉग आउट नहीं हो सका। आप अभी भी लॉग इन हैं।",
  notAvailable: "यह काम इस पेज पर नहीं हो सकता।",
};

export const deleteAccount: Catalogue["forms"]["deleteAccount"] = {
  collegeId: { label: "पक्का करने के लिए अपनी कॉलेज आईडी (College ID) लिखें" },
  submit: "मेरा अकाउंट हमेशा के लिए डिलीट करें",
  pending: "डिलीट हो रहा है...",
  confirmRequired: "पक्का करने के लिए अपनी कॉलेज आईडी (College ID) लिखें।",
  wrongCollegeId: "यह आपकी कॉलेज आईडी नहीं है। कुछ भी डिलीट नहीं हुआ।",
  done: "आपका अकाउंट और आपकी भेजी हुई हर चीज़ मिटा दी गई।",
  failed: "आपका डेटा अभी नहीं मिटाया जा सका। कुछ भी डिलीट नहीं हुआ; कुछ मिनट बाद फिर से कोशिश करें।",
};
