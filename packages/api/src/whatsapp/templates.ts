import type { Language } from '@barterads/core';

/**
 * The WhatsApp template catalogue: every message BarterAds sends over WhatsApp is one of these approved templates
 * (Meta refuses free text outside the 24-hour window). Names, categories, languages, body texts with their
 * positional parameters ({{1}}, {{2}}… in the order of `params`) and buttons are checked in here, and
 * `pnpm --filter @barterads/server whatsapp:templates` prints them in the shape of Meta's template API, for an
 * operator to submit (docs/operations.md). A parameter that is not in a template's `params` does not compile
 * (`TemplateParams`), and `buildTemplate` refuses one at run time as well, so none ever reaches Meta.
 */
export type TemplateCategory = 'UTILITY' | 'MARKETING' | 'AUTHENTICATION';

export interface TemplateDefinition {
  category: TemplateCategory;
  /** The body's parameters, in order: `{{1}}` is the first. */
  params: readonly string[];
  /** A URL button opening a one-tap link (`<APP_URL>/w/{{1}}`, the token as its parameter). */
  linkButton?: { label: Record<Language, string> };
  /** Quick-reply buttons (the payload is set per message: `<reply>:<deal id>`). */
  quickReplies?: readonly { reply: 'accept' | 'view'; label: Record<Language, string> }[];
  /** The body per language. */
  body: Record<Language, string>;
}

const OPEN = { en: 'Open the deal', hi: 'डील खोलें', mr: 'डील उघडा' } as const;

export const WHATSAPP_TEMPLATES = {
  /** The code that confirms a number (Meta's authentication category: fixed wording, a copy-code button). */
  barterads_confirm_code: {
    category: 'AUTHENTICATION',
    params: ['code'],
    body: {
      en: '{{1}} is your BarterAds verification code. It confirms this number for BarterAds WhatsApp messages.',
      hi: '{{1}} आपका BarterAds सत्यापन कोड है। यह इस नंबर को BarterAds के WhatsApp संदेशों के लिए पक्का करता है।',
      mr: '{{1}} हा तुमचा BarterAds पडताळणी कोड आहे. तो हा नंबर BarterAds च्या WhatsApp संदेशांसाठी निश्चित करतो.',
    },
  },
  barterads_offer_received: {
    category: 'UTILITY',
    params: ['deal', 'from', 'closes'],
    linkButton: { label: OPEN },
    quickReplies: [
      { reply: 'accept', label: { en: 'Accept', hi: 'स्वीकार करें', mr: 'स्वीकारा' } },
      { reply: 'view', label: { en: 'View', hi: 'देखें', mr: 'पाहा' } },
    ],
    body: {
      en: 'BarterAds deal {{1}}: {{2}} sent you a barter offer. Answer it before {{3}}.',
      hi: 'BarterAds डील {{1}}: {{2}} ने आपको बार्टर ऑफ़र भेजा है। {{3}} से पहले जवाब दें।',
      mr: 'BarterAds डील {{1}}: {{2}} यांनी तुम्हाला बार्टर ऑफर पाठवली आहे. {{3}} पूर्वी उत्तर द्या.',
    },
  },
  /** A broker's draft of a deal between two members, to each of them (product-spec-3 section 4). */
  barterads_draft_prepared: {
    category: 'UTILITY',
    params: ['deal', 'broker', 'with', 'closes'],
    linkButton: { label: OPEN },
    quickReplies: [
      { reply: 'accept', label: { en: 'Accept', hi: 'स्वीकार करें', mr: 'स्वीकारा' } },
      { reply: 'view', label: { en: 'View', hi: 'देखें', mr: 'पाहा' } },
    ],
    body: {
      en: 'BarterAds deal {{1}}: the BarterAds trade desk ({{2}}) prepared a barter offer between you and {{3}}. Nothing is agreed until you accept. Answer it before {{4}}.',
      hi: 'BarterAds डील {{1}}: BarterAds ट्रेड डेस्क ({{2}}) ने आपके और {{3}} के बीच एक बार्टर ऑफ़र तैयार किया है। आपकी स्वीकृति के बिना कुछ भी तय नहीं होता। {{4}} से पहले जवाब दें।',
      mr: 'BarterAds डील {{1}}: BarterAds ट्रेड डेस्कने ({{2}}) तुमच्या आणि {{3}} यांच्यात एक बार्टर ऑफर तयार केली आहे. तुम्ही स्वीकारल्याशिवाय काहीही ठरत नाही. {{4}} पूर्वी उत्तर द्या.',
    },
  },
  barterads_offer_countered: {
    category: 'UTILITY',
    params: ['deal', 'from', 'closes'],
    linkButton: { label: OPEN },
    quickReplies: [
      { reply: 'accept', label: { en: 'Accept', hi: 'स्वीकार करें', mr: 'स्वीकारा' } },
      { reply: 'view', label: { en: 'View', hi: 'देखें', mr: 'पाहा' } },
    ],
    body: {
      en: 'BarterAds deal {{1}}: {{2}} countered your offer. Answer it before {{3}}.',
      hi: 'BarterAds डील {{1}}: {{2}} ने आपके ऑफ़र का जवाबी प्रस्ताव भेजा है। {{3}} से पहले जवाब दें।',
      mr: 'BarterAds डील {{1}}: {{2}} यांनी तुमच्या ऑफरला प्रति-प्रस्ताव पाठवला आहे. {{3}} पूर्वी उत्तर द्या.',
    },
  },
  barterads_deal_accepted: {
    category: 'UTILITY',
    params: ['deal', 'by'],
    linkButton: { label: OPEN },
    body: {
      en: 'BarterAds deal {{1}}: {{2}} accepted the deal. The deliverables are now due.',
      hi: 'BarterAds डील {{1}}: {{2}} ने डील स्वीकार कर ली है। अब डिलिवरेबल्स देय हैं।',
      mr: 'BarterAds डील {{1}}: {{2}} यांनी डील स्वीकारली आहे. आता डिलिव्हरेबल्स देय आहेत.',
    },
  },
  barterads_offer_expiring: {
    category: 'UTILITY',
    params: ['deal', 'closes'],
    linkButton: { label: OPEN },
    body: {
      en: 'BarterAds deal {{1}}: the offer closes in 24 hours ({{2}}).',
      hi: 'BarterAds डील {{1}}: ऑफ़र 24 घंटे में बंद होगा ({{2}})।',
      mr: 'BarterAds डील {{1}}: ऑफर 24 तासांत बंद होईल ({{2}}).',
    },
  },
  barterads_deliverable_due: {
    category: 'UTILITY',
    params: ['deal', 'item', 'due'],
    linkButton: { label: OPEN },
    body: {
      en: 'BarterAds deal {{1}}: "{{2}}" is due on {{3}}. Submit its proof on the deal page.',
      hi: 'BarterAds डील {{1}}: "{{2}}" {{3}} को देय है। डील पेज पर इसका प्रमाण जमा करें।',
      mr: 'BarterAds डील {{1}}: "{{2}}" {{3}} रोजी देय आहे. डील पेजवर त्याचा पुरावा जमा करा.',
    },
  },
  barterads_proof_submitted: {
    category: 'UTILITY',
    params: ['deal', 'item', 'days'],
    linkButton: { label: OPEN },
    body: {
      en: 'BarterAds deal {{1}}: proof for "{{2}}" was submitted. It is accepted automatically in {{3}} days unless you dispute it.',
      hi: 'BarterAds डील {{1}}: "{{2}}" का प्रमाण जमा हुआ है। विवाद न करने पर यह {{3}} दिनों में अपने आप स्वीकार हो जाएगा।',
      mr: 'BarterAds डील {{1}}: "{{2}}" चा पुरावा जमा झाला आहे. तुम्ही हरकत न घेतल्यास तो {{3}} दिवसांत आपोआप स्वीकारला जाईल.',
    },
  },
  barterads_dispute_opened: {
    category: 'UTILITY',
    params: ['deal', 'item'],
    linkButton: { label: OPEN },
    body: {
      en: 'BarterAds deal {{1}}: a dispute was opened on "{{2}}". Add your evidence on the deal page.',
      hi: 'BarterAds डील {{1}}: "{{2}}" पर विवाद खोला गया है। डील पेज पर अपना सबूत जोड़ें।',
      mr: 'BarterAds डील {{1}}: "{{2}}" वर वाद उघडला आहे. डील पेजवर तुमचा पुरावा जोडा.',
    },
  },
  barterads_dispute_resolved: {
    category: 'UTILITY',
    params: ['deal', 'item'],
    linkButton: { label: OPEN },
    body: {
      en: 'BarterAds deal {{1}}: the dispute on "{{2}}" was resolved. See the outcome on the deal page.',
      hi: 'BarterAds डील {{1}}: "{{2}}" का विवाद सुलझ गया है। परिणाम डील पेज पर देखें।',
      mr: 'BarterAds डील {{1}}: "{{2}}" वरील वाद मिटला आहे. निकाल डील पेजवर पाहा.',
    },
  },
  barterads_invoice_leg_due: {
    category: 'UTILITY',
    params: ['deal', 'due'],
    linkButton: { label: OPEN },
    body: {
      en: 'BarterAds deal {{1}}: your GST invoice for this barter is due by {{2}}.',
      hi: 'BarterAds डील {{1}}: इस बार्टर का आपका GST इनवॉइस {{2}} तक देय है।',
      mr: 'BarterAds डील {{1}}: या बार्टरचे तुमचे GST इनव्हॉइस {{2}} पर्यंत देय आहे.',
    },
  },
  barterads_circle_proposed: {
    category: 'UTILITY',
    params: ['circle'],
    linkButton: { label: OPEN },
    body: {
      en: 'BarterAds circle deal {{1}} was proposed to you and two other members. Answer it on BarterAds.',
      hi: 'BarterAds सर्कल डील {{1}} आपको और दो अन्य सदस्यों को प्रस्तावित की गई है। BarterAds पर जवाब दें।',
      mr: 'BarterAds सर्कल डील {{1}} तुम्हाला आणि इतर दोन सदस्यांना प्रस्तावित केली आहे. BarterAds वर उत्तर द्या.',
    },
  },
  barterads_match_alert: {
    category: 'MARKETING',
    params: ['count', 'title'],
    body: {
      en: 'BarterAds found {{1}} new matches for "{{2}}". Reply STOP to stop match alerts.',
      hi: 'BarterAds को "{{2}}" के लिए {{1}} नए मैच मिले हैं। मैच अलर्ट बंद करने के लिए STOP भेजें।',
      mr: 'BarterAds ला "{{2}}" साठी {{1}} नवीन जुळण्या सापडल्या. मॅच अलर्ट थांबवण्यासाठी STOP पाठवा.',
    },
  },
} as const satisfies Record<string, TemplateDefinition>;

export type TemplateName = keyof typeof WHATSAPP_TEMPLATES;

/** A template's parameters by name: exactly its `params`, each a string (an unknown one does not compile). */
export type TemplateParams<N extends TemplateName> = {
  [K in (typeof WHATSAPP_TEMPLATES)[N]['params'][number]]: string;
};

/** The Graph API's template component (body parameters, a URL button's suffix, a quick reply's payload). */
export interface TemplateComponent {
  type: 'body' | 'button';
  sub_type?: 'url' | 'quick_reply';
  index?: string;
  parameters: Array<{ type: 'text'; text: string } | { type: 'payload'; payload: string }>;
}

export interface TemplateMessage {
  messaging_product: 'whatsapp';
  recipient_type: 'individual';
  to: string;
  type: 'template';
  template: {
    name: TemplateName;
    language: { code: Language; policy: 'deterministic' };
    components: TemplateComponent[];
  };
}

export class TemplateParameterError extends Error {}

/** Meta refuses a text parameter with new lines, tabs or more than four spaces in a row, and over 1024 characters. */
function cleanParameter(value: string): string {
  return value
    .replace(/[\n\t]+/g, ' ')
    .replace(/ {4,}/g, '   ')
    .slice(0, 1024);
}

/**
 * The Graph API body sending template `name` in `language` to `to`: its body parameters in the catalogue's order,
 * the one-tap link token (templates with a link button), the quick replies' payloads (`<reply>:<dealId>`).
 */
export function buildTemplate<N extends TemplateName>(
  name: N,
  language: Language,
  to: string,
  params: TemplateParams<N>,
  extra: { linkToken?: string; dealId?: string } = {},
): TemplateMessage {
  const definition: TemplateDefinition = WHATSAPP_TEMPLATES[name];
  const given = Object.keys(params);
  const unknown = given.filter((key) => !definition.params.includes(key));
  const missing = definition.params.filter(
    (key) => typeof (params as Record<string, unknown>)[key] !== 'string',
  );
  if (unknown.length > 0 || missing.length > 0) {
    throw new TemplateParameterError(
      `Template ${name}: ${unknown.length > 0 ? `unknown parameter ${unknown.join(', ')}` : `missing parameter ${missing.join(', ')}`}`,
    );
  }
  const values = params as Record<string, string>;
  const components: TemplateComponent[] = [
    {
      type: 'body',
      parameters: definition.params.map((key) => ({
        type: 'text' as const,
        text: cleanParameter(values[key]!),
      })),
    },
  ];
  let index = 0;
  if (definition.category === 'AUTHENTICATION') {
    // An authentication template's copy-code button repeats the code.
    components.push({
      type: 'button',
      sub_type: 'url',
      index: '0',
      parameters: [{ type: 'text', text: values.code! }],
    });
  }
  if (definition.linkButton) {
    if (!extra.linkToken) throw new TemplateParameterError(`Template ${name}: the one-tap link is missing`);
    components.push({
      type: 'button',
      sub_type: 'url',
      index: String(index),
      parameters: [{ type: 'text', text: extra.linkToken }],
    });
    index += 1;
  }
  for (const quick of definition.quickReplies ?? []) {
    if (!extra.dealId)
      throw new TemplateParameterError(`Template ${name}: the deal of its quick replies is missing`);
    components.push({
      type: 'button',
      sub_type: 'quick_reply',
      index: String(index),
      parameters: [{ type: 'payload', payload: `${quick.reply}:${extra.dealId}` }],
    });
    index += 1;
  }
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to,
    type: 'template',
    template: { name, language: { code: language, policy: 'deterministic' }, components },
  };
}

/** The text a member reads (the body with its parameters), for the settings' message list and the tests. */
export function renderTemplate<N extends TemplateName>(
  name: N,
  language: Language,
  params: TemplateParams<N>,
): string {
  const definition: TemplateDefinition = WHATSAPP_TEMPLATES[name];
  const values = params as Record<string, string>;
  return definition.body[language].replace(
    /\{\{(\d+)\}\}/g,
    (_, n: string) => values[definition.params[Number(n) - 1]!] ?? '',
  );
}

/**
 * The catalogue as Meta's "create message template" requests (`POST /{waba-id}/message_templates`), one per name and
 * language, for an operator to submit; `appUrl` is the site the link buttons open.
 */
export function templateSubmissions(appUrl: string): Array<Record<string, unknown>> {
  const base = appUrl.replace(/\/+$/, '');
  return Object.entries(WHATSAPP_TEMPLATES).flatMap(([name, raw]) => {
    const definition: TemplateDefinition = raw;
    return (['en', 'hi', 'mr'] as const).map((language) => {
      const example = definition.params.map((p) => `<${p}>`);
      const buttons: Array<Record<string, unknown>> = [];
      if (definition.category === 'AUTHENTICATION') buttons.push({ type: 'OTP', otp_type: 'COPY_CODE' });
      if (definition.linkButton)
        buttons.push({
          type: 'URL',
          text: definition.linkButton.label[language],
          url: `${base}/w/{{1}}`,
          example: [`${base}/w/example-token`],
        });
      for (const quick of definition.quickReplies ?? [])
        buttons.push({ type: 'QUICK_REPLY', text: quick.label[language] });
      return {
        name,
        language,
        category: definition.category,
        components: [
          definition.category === 'AUTHENTICATION'
            ? { type: 'BODY', add_security_recommendation: true }
            : { type: 'BODY', text: definition.body[language], example: { body_text: [example] } },
          ...(buttons.length > 0 ? [{ type: 'BUTTONS', buttons }] : []),
        ],
      };
    });
  });
}
