import type { Catalogue } from "./en";
import { account } from "./hi/account";
import { content } from "./hi/content";
import { events } from "./hi/events";
import { forms } from "./hi/forms";

/**
 * The site's own words in Hindi: plain everyday Hindi in Devanagari, with the English word in brackets where
 * students know it better. docs/hindi-glossary.md keeps one word for one thing.
 */
export const hi: Catalogue = {
  shell: {
    skipLink: "मुख्य सामग्री पर जाएँ",
    home: "होम",
    mainNavigation: "मुख्य",
    menu: "मेन्यू",
    openMenu: "मेन्यू खोलें",
    closeMenu: "मेन्यू बंद करें",
    logIn: "लॉग इन",
    myProfile: "मेरी प्रोफ़ाइल",
    yourProfile: "(आपकी प्रोफ़ाइल)",
    loading: "लोड हो रहा है",
    welcome: "स्वागत है!",
  },
  nav: {
    home: "होम",
    clubs: "क्लब",
    mentors: "मेंटर",
    team: "टीम",
    members: "सदस्य",
    gallery: "गैलरी",
    sih: "SIH 2025",
    tarang: "तरंग",
  },
  footer: {
    aboutUs: "हमारे बारे में",
    quickLinks: "ज़रूरी लिंक",
    contactInfo: "संपर्क",
    developerTeam: "डेवलपर टीम",
    socialLink: "{{platform}} पर {{site}}",
    allRightsReserved: "सर्वाधिकार सुरक्षित।",
    privacyNotice: "निजता सूचना (Privacy notice)",
  },
  language: {
    switchTo: "यह पेज {{language}} में पढ़ें",
    offer: "यह पेज हिन्दी में भी है",
    offerLink: "हिन्दी में पढ़ें",
  },
  errors: {
    notFoundTitle: "पेज नहीं मिला",
    lost: "लगता है आप रास्ता भटक गए हैं",
    notAvailable: "आप जो पेज ढूँढ रहे हैं, वह उपलब्ध नहीं है",
    goBackHome: "होम पेज पर लौटें",
    somethingWentWrong: "माफ़ कीजिए, कुछ गड़बड़ हो गई",
    refreshPage: "पेज दोबारा लोड करें",
    tryAgain: "फिर से कोशिश करें",
    goHome: "होम पेज पर जाएँ",
    referenceBefore: "अगर ऐसा बार-बार हो, तो",
    theCouncil: "स्टूडेंट काउंसिल (Student Council)",
    referenceBetween: "को लिखें और यह संदर्भ (reference) बताएँ:",
    referenceAfter: "।",
  },
  pages: {
    clubs: {
      title: "क्लब",
      description: "काउंसिल के 19 क्लब और सोसाइटी देखें: कोडिंग, रोबोटिक्स और ड्रोन से लेकर संगीत, नृत्य और NSS तक।",
      heading: "हमारे क्लब और सोसाइटी",
      intro: "अपने जैसे लोगों से मिलें: छात्रों के, छात्रों के लिए चलाए जाने वाले तकनीकी, सांस्कृतिक और सामाजिक क्लब।",
    },
  },
  content,
  forms,
  account,
  events,
};
