import type { Catalogue } from "../en";

/** The events texts in Hindi (see ../hi.ts); the words are docs/hindi-glossary.md's. */
export const events: Catalogue["events"] = {
  pages: {
    sih: {
      title: "SIH 2025 इंटरनल हैकाथॉन",
      description:
        "छह लोगों की टीम बनाइए, Smart India Hackathon 2025 का एक प्रॉब्लम स्टेटमेंट (problem statement) चुनिए और संस्थान के इंटरनल राउंड के लिए रजिस्टर कीजिए।",
    },
    sihRegistration: {
      title: "SIH 2025 टीम रजिस्ट्रेशन",
      description:
        "SIH 2025 इंटरनल हैकाथॉन के लिए अपनी छह लोगों की टीम रजिस्टर कीजिए: टीम का नाम, कैटेगरी और हर सदस्य की जानकारी।",
    },
    tarang: {
      title: "तरंग – प्रतिभा की लहरें",
      description: "तरंग, सांस्कृतिक फ़ेस्ट: रैंप वॉक, डांस, ओपन माइक, संगीत और मिस्ट्री गेम, हर एक की रजिस्ट्रेशन की तारीखों के साथ।",
    },
    sihTeamMember: {
      title: "हैकाथॉन टीम में आपकी जगह",
      description: "पुष्टि कीजिए कि आप हैकाथॉन की एक टीम में हैं, या खुद को उससे हटाइए।",
    },
    sihTeamAddMember: {
      title: "टीम में सदस्य जोड़ें",
      description: "जिस हैकाथॉन टीम के आप लीडर हैं, उसमें एक सदस्य जोड़िए।",
    },
  },
  registration: {
    closed: "रजिस्ट्रेशन बंद है",
    openUntil: "रजिस्ट्रेशन {{time}} तक खुला है",
    opensOn: "रजिस्ट्रेशन {{time}} को खुलेगा",
  },
  calendar: {
    span: "{{starts}} से {{ends}} तक",
    when: "कब:",
    where: "कहाँ:",
    add: "कैलेंडर में जोड़ें",
  },
  coordinators: {
    call: "{{name}} को इस नंबर पर कॉल करें: ",
  },
  opensInNewTab: " (नए टैब में खुलेगा)",
  sih: {
    organisedBy: "{{organiser}} द्वारा आयोजित",
    startRegistration: "रजिस्ट्रेशन शुरू करें",
    readTeamRules: "टीम के नियम पढ़ें",
    sectionsLabel: "हैकाथॉन के हिस्से",
    sections: {
      about: "परिचय",
      registration: "रजिस्ट्रेशन",
      resources: "सामग्री",
      contact: "संपर्क",
    },
    aboutTitle: "इंटरनल हैकाथॉन क्या है?",
    registrationTitle: "अपनी टीम बनाइए और रजिस्टर कीजिए",
    teamRules: "टीम के नियम",
    importantDates: "ज़रूरी तारीखें",
    registrationDate: "रजिस्ट्रेशन",
    viewProblemStatements: "प्रॉब्लम स्टेटमेंट देखें",
    resourcesTitle: "तैयारी के लिए सब कुछ",
    pptFormat: "PPT फ़ॉर्मेट",
    download: "डाउनलोड करें: {{label}}",
    officialSite: "SIH की आधिकारिक वेबसाइट",
    officialSiteText: "Smart India Hackathon 2025 के दिशानिर्देश, थीम और सूचनाएँ",
    contactTitle: "स्टूडेंट कोऑर्डिनेटर",
    contactIntro: "टीम या रजिस्ट्रेशन के बारे में कोई सवाल? हमारे किसी भी कोऑर्डिनेटर को कॉल कीजिए।",
  },
  tarang: {
    eyebrow: "सांस्कृतिक फ़ेस्ट",
    registerWithCoordinator: "किसी स्टूडेंट कोऑर्डिनेटर के ज़रिए रजिस्टर कीजिए: उनके नंबर कैटेगरी के नीचे हैं।",
    categoriesEyebrow: "कैटेगरी",
    categoriesTitle: "अपना मंच चुनिए",
    viewDetails: "पूरी जानकारी देखें",
    notesEyebrow: "रजिस्टर करने से पहले",
    notesTitle: "ज़रूरी बातें और कोऑर्डिनेटर",
    importantNotes: "ज़रूरी बातें",
    studentCoordinators: "स्टूडेंट कोऑर्डिनेटर",
  },
  tarangCategory: {
    title: "{{category}} – तरंग",
    notFoundTitle: "पेज नहीं मिला",
    notFoundDescription: "तरंग की यह कैटेगरी नहीं है।",
    backToTarang: "तरंग पर वापस",
    howToRegister: "रजिस्टर कैसे करें",
    rules: "नियम",
    beforeYouRegister: "रजिस्टर करने से पहले",
    seeAll: "तरंग की सभी कैटेगरी देखें",
    registerOpen: "{{category}} के लिए किसी स्टूडेंट कोऑर्डिनेटर के ज़रिए रजिस्टर कीजिए: उनमें से किसी को कॉल कीजिए।",
    registerNotYetOpen:
      "{{category}} का रजिस्ट्रेशन अभी खुला नहीं है ({{state}})। खुलने पर किसी स्टूडेंट कोऑर्डिनेटर के ज़रिए रजिस्टर कीजिए: उनमें से किसी को कॉल कीजिए।",
    registerClosed: "{{category}} का रजिस्ट्रेशन बंद हो गया है। किसी सवाल के लिए स्टूडेंट कोऑर्डिनेटर को कॉल कीजिए।",
  },
  sihRegistration: {
    intro: "इंटरनल हैकाथॉन के लिए छह लोगों की टीम रजिस्टर कीजिए: एक लीडर और कम से कम एक महिला सदस्य।",
    back: "← SIH 2025 पर वापस",
    closedNote:
      "टीमें सिर्फ़ तभी रजिस्टर हो सकती हैं जब रजिस्ट्रेशन खुला हो। हैकाथॉन के पेज पर तारीखें और कॉल करने के लिए कोऑर्डिनेटर के नंबर हैं।",
  },
  teamMember: {
    registered: "{{leader}} ने {{hackathon}} के लिए टीम {{team}} रजिस्टर की है, जिसमें आप, {{member}}, सदस्य हैं।",
    confirmed: "आपने पुष्टि कर दी है कि आप इस टीम में हैं।",
    leaderRegistered: "आपने {{hackathon}} के लिए टीम {{team}} रजिस्टर की है, जिसमें आप, {{member}}, इसके लीडर हैं।",
    leaderWaiting:
      "इसके सदस्यों को हमने अभी कुछ नहीं लिखा है। उन्हें बताने के लिए बटन दबाएँ: हर सदस्य को एक ईमेल मिलेगा जिसमें टीम और आपका नाम होगा, और उनका अपना लिंक।",
    leaderTold: "आपकी टीम के सदस्यों को बता दिया गया है।",
  },
  addMember: {
    yourTeam: "आपकी टीम {{team}} में {{max}} में से {{members}} सदस्य हैं: {{names}}।",
    emailNote: "उन्हें एक ईमेल मिलेगा जिसमें टीम और आपका नाम होगा, और एक लिंक जिससे वे पुष्टि कर सकें कि वे टीम में हैं, या खुद को हटा सकें।",
    backToProfile: "मेरी प्रोफ़ाइल पर वापस",
  },
};
