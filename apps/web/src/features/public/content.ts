import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * Static copy of the public pages (spec sections 1 and 2). Texts only; no behaviour. Each text is a message of the
 * `public` catalogue (src/locales/<language>/public.po), rendered with `i18n._(…)`.
 */

export const LANDING_STATS = [
  { value: '10,000+', label: msg`Media partners` },
  { value: '500+', label: msg`Verified businesses` },
  { value: '50+', label: msg`Countries` },
  { value: '4.9', label: msg`Average rating` },
] as const;

export const ABOUT_FIGURES = [
  { value: '500+', label: msg`Active users` },
  { value: msg`₹10Cr+`, label: msg`Value traded` },
  { value: '50+', label: msg`Cities` },
  { value: '95%', label: msg`Success rate` },
  { value: '25+', label: msg`Years of founder experience` },
] as const;

export const BENEFITS = [
  {
    title: msg`Save your cash`,
    text: msg`Pay for hoardings, airtime and creator posts with the products and services you already make.`,
  },
  {
    title: msg`Fill unsold inventory`,
    text: msg`Media owners turn empty slots and unsold space into goods and services their business needs.`,
  },
  {
    title: msg`Verified partners`,
    text: msg`Every business is e-mail verified and listings are reviewed, so you trade with real companies.`,
  },
  {
    title: msg`Every format in one place`,
    text: msg`Digital, outdoor, print, radio, influencers, events and more, searchable by city and category.`,
  },
  {
    title: msg`Fair, written deals`,
    text: msg`Agree the value on both sides and put it in writing before a single placement goes live.`,
  },
  {
    title: msg`Made for India`,
    text: msg`Built in Mumbai for Indian brands and media, with pricing in rupees and support in your hours.`,
  },
] as const;

export interface HowItWorksStep {
  title: MessageDescriptor;
  text: MessageDescriptor;
}

/** The six steps of spec section 2 (how it works). */
export const HOW_IT_WORKS_STEPS: readonly HowItWorksStep[] = [
  {
    title: msg`Choose your role`,
    text: msg`Sign up as an advertiser looking for media, or as a media owner with space, airtime or audience to offer. You can switch later.`,
  },
  {
    title: msg`Create your listing`,
    text: msg`Advertisers post a need; media owners add inventory. Say what you offer, where, and what you are seeking in return.`,
  },
  {
    title: msg`Find your matches`,
    text: msg`Search the marketplace by keyword, city and format, and filter by media owners or advertisers to find a fit.`,
  },
  {
    title: msg`Connect and negotiate`,
    text: msg`Contact the other side directly, compare the value of what each of you brings and agree a fair exchange.`,
  },
  {
    title: msg`Make it official`,
    text: msg`Write down what is exchanged, when and how it will be delivered, so both businesses know exactly what to expect.`,
  },
  {
    title: msg`Execute and grow`,
    text: msg`Run the campaign, deliver your side of the deal, leave a rating and come back for the next trade.`,
  },
];

export interface SuccessStory {
  company: MessageDescriptor;
  industry: MessageDescriptor;
  deal: MessageDescriptor;
  result: MessageDescriptor;
  testimonial: MessageDescriptor;
  person: MessageDescriptor;
}

/** The five fixed stories of /success-stories. */
export const SUCCESS_STORIES: readonly SuccessStory[] = [
  {
    company: msg`Sattva Organics`,
    industry: msg`Food & Beverage`,
    deal: msg`Traded ₹8 lakh of organic hampers for 30 days of FM radio spots in Pune.`,
    result: msg`42% more store visits in the campaign month`,
    testimonial: msg`We reached a whole new city without touching our marketing budget.`,
    person: msg`Ananya Kulkarni, Founder`,
  },
  {
    company: msg`Skyline Outdoor Media`,
    industry: msg`Outdoor Advertising`,
    deal: msg`Exchanged 12 unsold hoardings for office furniture and a year of accounting services.`,
    result: msg`₹14 lakh of unsold inventory turned into value`,
    testimonial: msg`Empty hoardings used to cost us money. Now they pay for what we need.`,
    person: msg`Rohit Mehta, Director`,
  },
  {
    company: msg`UrbanFit Studios`,
    industry: msg`Health & Fitness`,
    deal: msg`Gave 200 gym memberships to creators for Instagram reels across Bengaluru.`,
    result: msg`3.1 million views and 900 new sign-ups`,
    testimonial: msg`The creators loved the product, and it showed in every video.`,
    person: msg`Karan Shetty, Marketing Head`,
  },
  {
    company: msg`Chai Point Express`,
    industry: msg`Quick Service Restaurants`,
    deal: msg`Swapped catering for three college fests for stage branding and sampling stalls.`,
    result: msg`18,000 cups sampled and 25% growth in campus orders`,
    testimonial: msg`Barter let us sponsor events we could never have paid for in cash.`,
    person: msg`Neha Sinha, Brand Manager`,
  },
  {
    company: msg`Pixel Print House`,
    industry: msg`Printing & Packaging`,
    deal: msg`Printed 50,000 brochures in exchange for metro station panels in Mumbai.`,
    result: msg`2 million commuter impressions in six weeks`,
    testimonial: msg`Our presses were idle on weekends. Now they buy our advertising.`,
    person: msg`Farhan Qureshi, Owner`,
  },
];

export const FAQS = [
  {
    q: msg`What is advertising barter?`,
    a: msg`Instead of paying cash, you pay for advertising with your own products or services. A restaurant can offer catering, a hotel can offer rooms, and a media owner accepts them in exchange for ad space.`,
  },
  {
    q: msg`Who can join BarterAds?`,
    a: msg`Any business that is 18 or over, or a registered business, can join as an advertiser or a media owner. You can switch between the two at any time.`,
  },
  {
    q: msg`How are deals valued?`,
    a: msg`Both sides agree the value of what they exchange before the deal starts. We recommend writing down quantities, dates and delivery so nothing is left unclear.`,
  },
  {
    q: msg`What does it cost?`,
    a: msg`Browsing is free. Plans start at ₹999 a month with a small commission per deal. See the pricing page for the details of every plan.`,
  },
  {
    q: msg`Can I get a refund?`,
    a: msg`Plans cancelled within 24 hours of purchase are refunded in full. Barter deals agreed between users are not refundable; see our refund and cancellation policy.`,
  },
] as const;

export const VALUES = [
  {
    title: msg`Trust first`,
    text: msg`Verified businesses, clear listings and honest reviews make every trade safer.`,
  },
  {
    title: msg`Fair value`,
    text: msg`Both sides should walk away feeling they got what they gave, or more.`,
  },
  {
    title: msg`Access for all`,
    text: msg`Small brands deserve big media too. Barter opens doors cash cannot.`,
  },
  { title: msg`Local roots`, text: msg`We know Indian media, from Mumbai hoardings to regional radio.` },
] as const;

export const TEAM = [
  {
    name: msg`Vikram Desai`,
    role: msg`Founder & CEO`,
    bio: msg`25+ years in Indian media buying and outdoor advertising.`,
  },
  {
    name: msg`Sunita Rao`,
    role: msg`Head of Partnerships`,
    bio: msg`Built media partnerships for national FMCG brands.`,
  },
  {
    name: msg`Aditya Joshi`,
    role: msg`Head of Technology`,
    bio: msg`Led product engineering at two Indian marketplaces.`,
  },
  {
    name: msg`Priyanka Menon`,
    role: msg`Head of Customer Success`,
    bio: msg`Makes sure every deal is delivered as promised.`,
  },
] as const;
