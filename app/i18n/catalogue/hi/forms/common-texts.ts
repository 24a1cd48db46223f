import type { Catalogue } from "../../en";

/**
 * What every form shares: the rules' and fields' words, the submission pipeline's refusals, the privacy line
 * beside the submit button and the success dialogs, in Hindi: one part of the catalogue's forms area (hi/forms.ts).
 */

export const rules: Catalogue["forms"]["rules"] = {
  tooLong: "{{label}} में {{max}} से ज़्यादा अक्षर नहीं हो सकते।",
  oneLine: "{{label}} एक ही पंक्ति में लिखें, बिना किसी वेब पते के।",
};

export const fields: Catalogue["forms"]["fields"] = {
  select: "चुनें…",
  phonePlaceholder: "10 अंकों का मोबाइल नंबर",
  honeypot: "इस फ़ील्ड को खाली छोड़ें",
  dateOfBirth: "जन्म तिथि (Date of Birth)",
  dateOfBirthHint: "कैलेंडर नहीं दिख रहा? पहले दिन लिखें, जैसे 05/09/2004।",
};

export const submission: Catalogue["forms"]["submission"] = {
  tooLarge: "फ़ॉर्म भेजने के लिए बहुत बड़ा है। इसे छोटा करके फिर से कोशिश करें।",
  unreadable: "फ़ॉर्म पढ़ा नहीं जा सका। पेज दोबारा लोड करके फिर से कोशिश करें।",
  tooMany: "आपके नेटवर्क से बहुत ज़्यादा फ़ॉर्म भेजे गए हैं। {{wait}} बाद फिर से कोशिश करें।",
  tooManyFromAccount: "आपने यह फ़ॉर्म बहुत बार भेजा है। {{wait}} बाद फिर से कोशिश करें।",
  linkPressedTooOften: "इस लिंक का बटन बहुत बार दबाया गया है। {{wait}} बाद फिर से कोशिश करें।",
  tooManyFailedLinks: "आपके नेटवर्क से बहुत ज़्यादा ऐसे लिंक आज़माए गए जो काम नहीं करते। {{wait}} बाद फिर से कोशिश करें।",
  oneMinute: "{{count}} मिनट",
  minutes: "{{count}} मिनट",
};

export const privacyNote: Catalogue["forms"]["privacyNote"] = {
  link: "हम आपका डेटा कैसे रखते हैं",
  join: "काउंसिल यह जानकारी सिर्फ़ आपके आवेदन पर विचार करने और उसके बारे में आपसे संपर्क करने के लिए इस्तेमाल करती है।",
  registration: "आपकी जानकारी से आपका अकाउंट बनता है; आईडी कार्ड सिर्फ़ यह जाँचने के लिए इस्तेमाल होता है कि आप यहाँ के छात्र हैं।",
  team: "काउंसिल टीम की जानकारी सिर्फ़ हैकाथॉन चलाने और उसके सदस्यों से संपर्क करने के लिए इस्तेमाल करती है।",
  suggestion: "काउंसिल आपका नाम और नामांकन संख्या सिर्फ़ आपके सुझाव पर आगे बात करने के लिए इस्तेमाल करती है।",
  ideas: "काउंसिल आपका नाम और नामांकन संख्या सिर्फ़ आपके आइडिया पर आगे बात करने के लिए इस्तेमाल करती है।",
};

export const successDialog: Catalogue["forms"]["successDialog"] = {
  home: "आपको होम पेज पर ले जा रहे हैं…",
  back: "आपको उसी पेज पर वापस ले जा रहे हैं जो आपने माँगा था…",
};
