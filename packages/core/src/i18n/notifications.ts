import type { NotificationKind } from '../notifications';
import type { Translation } from './types';

/** Hindi and Marathi of the e-mail preference labels (NOTIFICATION_KIND_LABELS), keyed by kind. */
export const NOTIFICATION_LABEL_TRANSLATIONS: Record<NotificationKind, Translation> = {
  deal_proposed: { hi: 'मुझे कोई सौदा प्रस्तावित हो', mr: 'मला एखादा सौदा प्रस्तावित झाला' },
  deal_countered: { hi: 'मेरे प्रस्ताव पर जवाबी प्रस्ताव आए', mr: 'माझ्या प्रस्तावावर प्रति-प्रस्ताव आला' },
  deal_accepted: { hi: 'कोई सौदा स्वीकार हो', mr: 'एखादा सौदा स्वीकारला गेला' },
  deal_declined: { hi: 'कोई सौदा अस्वीकार हो', mr: 'एखादा सौदा नाकारला गेला' },
  deal_withdrawn: { hi: 'मुझे दिया प्रस्ताव वापस लिया जाए', mr: 'मला दिलेला प्रस्ताव मागे घेतला गेला' },
  deal_expiring: { hi: 'कोई प्रस्ताव 24 घंटे में बंद होने वाला हो', mr: 'एखादा प्रस्ताव 24 तासांत बंद होणार असेल' },
  deal_expired: { hi: 'किसी प्रस्ताव की अवधि ख़त्म हो', mr: 'एखाद्या प्रस्तावाची मुदत संपली' },
  deliverable_delivered: { hi: 'मुझे कुछ डिलीवर हुआ मार्क किया जाए', mr: 'मला काही पोहोचवले म्हणून नोंदवले गेले' },
  deliverable_accepted: { hi: 'मेरी डिलीवरी स्वीकार हो', mr: 'माझी डिलिव्हरी स्वीकारली गेली' },
  deliverable_disputed: { hi: 'मेरी डिलीवरी पर विवाद उठे', mr: 'माझ्या डिलिव्हरीवर वाद घातला गेला' },
  dispute_resolved: { hi: 'किसी विवाद पर निर्णय हो', mr: 'एखाद्या वादावर निर्णय झाला' },
  review_received: { hi: 'मुझे कोई समीक्षा मिले', mr: 'मला एखादे परीक्षण मिळाले' },
  verification_decided: {
    hi: 'मेरे व्यवसाय के सत्यापन पर निर्णय हो',
    mr: 'माझ्या व्यवसायाच्या पडताळणीवर निर्णय झाला',
  },
  new_matches: { hi: 'मेरी लिस्टिंग के लिए नए मेल मिलें', mr: 'माझ्या लिस्टिंगसाठी नवीन जोड्या मिळाल्या' },
  saved_search_hits: {
    hi: 'मेरी सेव की गई खोजों के लिए नई लिस्टिंग आएँ',
    mr: 'माझ्या सेव्ह केलेल्या शोधांसाठी नवीन लिस्टिंग आल्या',
  },
  new_message: { hi: 'नए संदेश', mr: 'नवीन संदेश' },
  plan_changed: {
    hi: 'मेरा प्लान ख़त्म हो या उसकी सीमाएँ बदलें',
    mr: 'माझा प्लॅन संपला किंवा त्याच्या मर्यादा बदलल्या',
  },
  leg_invoice_due: {
    hi: 'किसी बीजक (Invoice) को जारी करने की तारीख़ पास हो',
    mr: 'एखादे बीजक (Invoice) देण्याची तारीख जवळ आली',
  },
  webhook_disabled: {
    hi: 'मेरा कोई वेबहुक एंडपॉइंट बंद कर दिया गया',
    mr: 'माझा एखादा वेबहुक एंडपॉइंट बंद केला गेला',
  },
};
