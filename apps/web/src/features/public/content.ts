/** Static copy of the public pages (spec sections 1 and 2). Texts only; no behaviour. */

export const LANDING_STATS = [
  { value: '10,000+', label: 'Media partners' },
  { value: '500+', label: 'Verified businesses' },
  { value: '50+', label: 'Countries' },
  { value: '4.9', label: 'Average rating' },
] as const;

export const ABOUT_FIGURES = [
  { value: '500+', label: 'Active users' },
  { value: '₹10Cr+', label: 'Value traded' },
  { value: '50+', label: 'Cities' },
  { value: '95%', label: 'Success rate' },
  { value: '25+', label: 'Years of founder experience' },
] as const;

export const BENEFITS = [
  {
    title: 'Save your cash',
    text: 'Pay for hoardings, airtime and creator posts with the products and services you already make.',
  },
  {
    title: 'Fill unsold inventory',
    text: 'Media owners turn empty slots and unsold space into goods and services their business needs.',
  },
  {
    title: 'Verified partners',
    text: 'Every business is e-mail verified and listings are reviewed, so you trade with real companies.',
  },
  {
    title: 'Every format in one place',
    text: 'Digital, outdoor, print, radio, influencers, events and more, searchable by city and category.',
  },
  {
    title: 'Fair, written deals',
    text: 'Agree the value on both sides and put it in writing before a single placement goes live.',
  },
  {
    title: 'Made for India',
    text: 'Built in Mumbai for Indian brands and media, with pricing in rupees and support in your hours.',
  },
] as const;

export interface HowItWorksStep {
  title: string;
  text: string;
}

/** The six steps of spec section 2 (how it works). */
export const HOW_IT_WORKS_STEPS: readonly HowItWorksStep[] = [
  {
    title: 'Choose your role',
    text: 'Sign up as an advertiser looking for media, or as a media owner with space, airtime or audience to offer. You can switch later.',
  },
  {
    title: 'Create your listing',
    text: 'Advertisers post a need; media owners add inventory. Say what you offer, where, and what you are seeking in return.',
  },
  {
    title: 'Find your matches',
    text: 'Search the marketplace by keyword, city and format, and filter by media owners or advertisers to find a fit.',
  },
  {
    title: 'Connect and negotiate',
    text: 'Contact the other side directly, compare the value of what each of you brings and agree a fair exchange.',
  },
  {
    title: 'Make it official',
    text: 'Write down what is exchanged, when and how it will be delivered, so both businesses know exactly what to expect.',
  },
  {
    title: 'Execute and grow',
    text: 'Run the campaign, deliver your side of the deal, leave a rating and come back for the next trade.',
  },
];

export interface SuccessStory {
  company: string;
  industry: string;
  deal: string;
  result: string;
  testimonial: string;
  person: string;
}

/** The five fixed stories of /success-stories. */
export const SUCCESS_STORIES: readonly SuccessStory[] = [
  {
    company: 'Sattva Organics',
    industry: 'Food & Beverage',
    deal: 'Traded ₹8 lakh of organic hampers for 30 days of FM radio spots in Pune.',
    result: '42% more store visits in the campaign month',
    testimonial: 'We reached a whole new city without touching our marketing budget.',
    person: 'Ananya Kulkarni, Founder',
  },
  {
    company: 'Skyline Outdoor Media',
    industry: 'Outdoor Advertising',
    deal: 'Exchanged 12 unsold hoardings for office furniture and a year of accounting services.',
    result: '₹14 lakh of unsold inventory turned into value',
    testimonial: 'Empty hoardings used to cost us money. Now they pay for what we need.',
    person: 'Rohit Mehta, Director',
  },
  {
    company: 'UrbanFit Studios',
    industry: 'Health & Fitness',
    deal: 'Gave 200 gym memberships to creators for Instagram reels across Bengaluru.',
    result: '3.1 million views and 900 new sign-ups',
    testimonial: 'The creators loved the product, and it showed in every video.',
    person: 'Karan Shetty, Marketing Head',
  },
  {
    company: 'Chai Point Express',
    industry: 'Quick Service Restaurants',
    deal: 'Swapped catering for three college fests for stage branding and sampling stalls.',
    result: '18,000 cups sampled and 25% growth in campus orders',
    testimonial: 'Barter let us sponsor events we could never have paid for in cash.',
    person: 'Neha Sinha, Brand Manager',
  },
  {
    company: 'Pixel Print House',
    industry: 'Printing & Packaging',
    deal: 'Printed 50,000 brochures in exchange for metro station panels in Mumbai.',
    result: '2 million commuter impressions in six weeks',
    testimonial: 'Our presses were idle on weekends. Now they buy our advertising.',
    person: 'Farhan Qureshi, Owner',
  },
];

export const FAQS = [
  {
    q: 'What is advertising barter?',
    a: 'Instead of paying cash, you pay for advertising with your own products or services. A restaurant can offer catering, a hotel can offer rooms, and a media owner accepts them in exchange for ad space.',
  },
  {
    q: 'Who can join BarterAds?',
    a: 'Any business that is 18 or over, or a registered business, can join as an advertiser or a media owner. You can switch between the two at any time.',
  },
  {
    q: 'How are deals valued?',
    a: 'Both sides agree the value of what they exchange before the deal starts. We recommend writing down quantities, dates and delivery so nothing is left unclear.',
  },
  {
    q: 'What does it cost?',
    a: 'Browsing is free. Plans start at ₹999 a month with a small commission per deal. See the pricing page for the details of every plan.',
  },
  {
    q: 'Can I get a refund?',
    a: 'Plans cancelled within 24 hours of purchase are refunded in full. Barter deals agreed between users are not refundable; see our refund and cancellation policy.',
  },
] as const;

export const VALUES = [
  {
    title: 'Trust first',
    text: 'Verified businesses, clear listings and honest reviews make every trade safer.',
  },
  { title: 'Fair value', text: 'Both sides should walk away feeling they got what they gave, or more.' },
  { title: 'Access for all', text: 'Small brands deserve big media too. Barter opens doors cash cannot.' },
  { title: 'Local roots', text: 'We know Indian media, from Mumbai hoardings to regional radio.' },
] as const;

export const TEAM = [
  {
    name: 'Vikram Desai',
    role: 'Founder & CEO',
    bio: '25+ years in Indian media buying and outdoor advertising.',
  },
  {
    name: 'Sunita Rao',
    role: 'Head of Partnerships',
    bio: 'Built media partnerships for national FMCG brands.',
  },
  {
    name: 'Aditya Joshi',
    role: 'Head of Technology',
    bio: 'Led product engineering at two Indian marketplaces.',
  },
  {
    name: 'Priyanka Menon',
    role: 'Head of Customer Success',
    bio: 'Makes sure every deal is delivered as promised.',
  },
] as const;
