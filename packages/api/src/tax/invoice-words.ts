import type { Language } from '@barterads/core';

/**
 * The words of a barter leg's rule-46 tax invoice (documents.ts) in each language (issue 33). The legal terms keep
 * their English beside the translation (spec 3, section 5: "कर बीजक (Tax Invoice)", GSTIN, SAC, Place of Supply),
 * so the supplier, the recipient and their accountants read the same invoice whatever language it was made in.
 */
export interface LegInvoiceWords {
  title: string;
  draftTitle: string;
  draftNote: string;
  invoiceNumber: (number: string | null) => string;
  invoiceDate: (day: string | null) => string;
  supplyDate: (day: string) => string;
  barterDeal: (number: string) => string;
  supplier: string;
  recipient: string;
  tradeName: (name: string) => string;
  address: (address: string) => string;
  noAddress: string;
  gstin: (gstin: string | null) => string;
  state: (state: string) => string;
  stateNotKnown: string;
  stateCode: (state: string, code: string) => string;
  supply: string;
  sac: (sac: string, description: string | undefined) => string;
  description: (text: string) => string;
  line: (line: { n: number; title: string; quantity: number; unit: string; value: string }) => string;
  taxableValue: (value: string) => string;
  total: (value: string) => string;
  placeOfSupply: (state: string, property: boolean) => string;
  reverseCharge: string;
  consideration: (dealNumber: string) => string;
  forSupplier: (name: string) => string;
  signatory: string;
  footer: string;
}

export const LEG_INVOICE_WORDS: Record<Language, LegInvoiceWords> = {
  en: {
    title: 'Tax invoice',
    draftTitle: 'Tax invoice (draft)',
    draftNote: 'Draft: not yet issued. The invoice number is allotted from your series when you issue it.',
    invoiceNumber: (number) => `Invoice number: ${number ?? 'allotted on issue'}`,
    invoiceDate: (day) => `Invoice date: ${day ?? 'the day of issue'}`,
    supplyDate: (day) => `Date of supply: ${day}`,
    barterDeal: (number) => `Barter deal: ${number}`,
    supplier: 'Supplier',
    recipient: 'Recipient',
    tradeName: (name) => `Trade name: ${name}`,
    address: (address) => `Address: ${address}`,
    noAddress: 'Address: not given yet (added in Settings, Tax invoices)',
    gstin: (gstin) => `GSTIN: ${gstin ?? 'unregistered'}`,
    state: (state) => `State: ${state}`,
    stateNotKnown: 'not known',
    stateCode: (state, code) => `${state} (state code ${code})`,
    supply: 'Supply',
    sac: (sac, description) => `SAC: ${sac} (${description ?? 'services'})`,
    description: (text) => `Description: ${text}`,
    line: ({ n, title, quantity, unit, value }) =>
      `${n}. ${title}: quantity ${quantity}, unit ${unit}, value ${value}`,
    taxableValue: (value) => `Taxable value (open market value): ${value}`,
    total: (value) => `Total invoice value: ${value}`,
    placeOfSupply: (state, property) =>
      `Place of supply: ${state}${property ? ', where the property is (IGST Act section 12(3))' : ''}`,
    reverseCharge: 'Tax payable on reverse charge: No',
    consideration: (dealNumber) =>
      `Consideration: supply of services under barter deal ${dealNumber}, valued at open market value (rule 27)`,
    forSupplier: (name) => `For ${name}`,
    signatory: 'Authorised signatory',
    footer:
      'Prepared by BarterAds from the deal as accepted. Not tax advice: check it with your accountant before you issue it.',
  },
  hi: {
    title: 'कर बीजक (Tax invoice)',
    draftTitle: 'कर बीजक (Tax invoice), मसौदा',
    draftNote: 'मसौदा: अभी जारी नहीं हुआ है। बीजक संख्या जारी करते समय आपकी सीरीज़ से दी जाएगी।',
    invoiceNumber: (number) => `बीजक संख्या (Invoice number): ${number ?? 'जारी करते समय दी जाएगी'}`,
    invoiceDate: (day) => `बीजक की तारीख़ (Invoice date): ${day ?? 'जारी करने का दिन'}`,
    supplyDate: (day) => `आपूर्ति की तारीख़ (Date of supply): ${day}`,
    barterDeal: (number) => `बार्टर सौदा: ${number}`,
    supplier: 'आपूर्तिकर्ता (Supplier)',
    recipient: 'प्राप्तकर्ता (Recipient)',
    tradeName: (name) => `व्यापारिक नाम (Trade name): ${name}`,
    address: (address) => `पता: ${address}`,
    noAddress: 'पता: अभी नहीं दिया गया (सेटिंग्स में, कर बीजक वाले हिस्से में जोड़ें)',
    gstin: (gstin) => `GSTIN: ${gstin ?? 'अपंजीकृत (unregistered)'}`,
    state: (state) => `राज्य: ${state}`,
    stateNotKnown: 'ज्ञात नहीं',
    stateCode: (state, code) => `${state} (राज्य कोड ${code})`,
    supply: 'आपूर्ति (Supply)',
    sac: (sac, description) => `SAC: ${sac} (${description ?? 'सेवाएँ'})`,
    description: (text) => `विवरण: ${text}`,
    line: ({ n, title, quantity, unit, value }) =>
      `${n}. ${title}: मात्रा ${quantity}, इकाई ${unit}, मूल्य ${value}`,
    taxableValue: (value) => `कर योग्य मूल्य (Taxable value), खुले बाज़ार का मूल्य: ${value}`,
    total: (value) => `बीजक का कुल मूल्य (Total invoice value): ${value}`,
    placeOfSupply: (state, property) =>
      `आपूर्ति का स्थान (Place of Supply): ${state}${property ? ', जहाँ संपत्ति स्थित है (IGST Act section 12(3))' : ''}`,
    reverseCharge: 'रिवर्स चार्ज पर देय कर (Tax payable on reverse charge): नहीं',
    consideration: (dealNumber) =>
      `प्रतिफल (Consideration): बार्टर सौदे ${dealNumber} के तहत सेवाओं की आपूर्ति, खुले बाज़ार के मूल्य पर आँकी गई (rule 27)`,
    forSupplier: (name) => `कृते ${name}`,
    signatory: 'अधिकृत हस्ताक्षरकर्ता (Authorised signatory)',
    footer:
      'BarterAds ने स्वीकार किए गए सौदे से तैयार किया है। यह कर सलाह नहीं है: जारी करने से पहले अपने अकाउंटेंट से जाँच करवा लें।',
  },
  mr: {
    title: 'कर बीजक (Tax invoice)',
    draftTitle: 'कर बीजक (Tax invoice), मसुदा',
    draftNote: 'मसुदा: अजून जारी केलेले नाही. तुम्ही जारी करताना तुमच्या मालिकेतून बीजक क्रमांक दिला जाईल.',
    invoiceNumber: (number) => `बीजक क्रमांक (Invoice number): ${number ?? 'जारी करताना दिला जाईल'}`,
    invoiceDate: (day) => `बीजकाची तारीख (Invoice date): ${day ?? 'जारी करण्याचा दिवस'}`,
    supplyDate: (day) => `पुरवठ्याची तारीख (Date of supply): ${day}`,
    barterDeal: (number) => `बार्टर सौदा: ${number}`,
    supplier: 'पुरवठादार (Supplier)',
    recipient: 'प्राप्तकर्ता (Recipient)',
    tradeName: (name) => `व्यापारी नाव (Trade name): ${name}`,
    address: (address) => `पत्ता: ${address}`,
    noAddress: 'पत्ता: अजून दिलेला नाही (सेटिंग्जमध्ये, कर बीजक विभागात जोडा)',
    gstin: (gstin) => `GSTIN: ${gstin ?? 'नोंदणीकृत नाही (unregistered)'}`,
    state: (state) => `राज्य: ${state}`,
    stateNotKnown: 'माहीत नाही',
    stateCode: (state, code) => `${state} (राज्य कोड ${code})`,
    supply: 'पुरवठा (Supply)',
    sac: (sac, description) => `SAC: ${sac} (${description ?? 'सेवा'})`,
    description: (text) => `वर्णन: ${text}`,
    line: ({ n, title, quantity, unit, value }) =>
      `${n}. ${title}: संख्या ${quantity}, एकक ${unit}, मूल्य ${value}`,
    taxableValue: (value) => `करपात्र मूल्य (Taxable value), खुल्या बाजारातील मूल्य: ${value}`,
    total: (value) => `बीजकाचे एकूण मूल्य (Total invoice value): ${value}`,
    placeOfSupply: (state, property) =>
      `पुरवठ्याचे ठिकाण (Place of Supply): ${state}${property ? ', जिथे मालमत्ता आहे (IGST Act section 12(3))' : ''}`,
    reverseCharge: 'रिव्हर्स चार्जवर देय कर (Tax payable on reverse charge): नाही',
    consideration: (dealNumber) =>
      `मोबदला (Consideration): बार्टर सौदा ${dealNumber} अंतर्गत सेवांचा पुरवठा, खुल्या बाजारातील मूल्यानुसार (rule 27)`,
    forSupplier: (name) => `${name} करिता`,
    signatory: 'अधिकृत स्वाक्षरीकर्ता (Authorised signatory)',
    footer:
      'BarterAds ने स्वीकारलेल्या सौद्यावरून तयार केले आहे. हा कर सल्ला नाही: जारी करण्यापूर्वी तुमच्या अकाउंटंटकडून तपासून घ्या.',
  },
};
