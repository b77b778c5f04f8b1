/**
 * Checked-in word lists for the honest search benchmark (issue 34): Indian cities, localities, publications,
 * stations, brands, venues and the categories' own terms. Place and business names in India are mostly
 * compounds of a root and a suffix (Rama + nagar, Krishna + puram, Shanti + niketan, Laxmi + mart), so the
 * benchmark's vocabulary is made from these roots and suffixes (vocabulary.ts): over 20,000 distinct words.
 */

/** Cities and towns (one word each; a few are the listings' own cities too). */
export const CITIES = `agra ahmedabad ajmer akola aligarh allahabad alappuzha alwar ambala amravati amritsar anand anantapur
asansol aurangabad bareilly belgaum bellary bengaluru berhampur bhagalpur bharuch bhavnagar bhilai bhilwara bhiwandi
bhopal bhubaneswar bhuj bidar bijapur bikaner bilaspur bokaro burdwan calicut chandigarh chennai chhindwara cuttack
darbhanga davangere dehradun delhi dhanbad dharwad dhule durgapur erode faridabad firozabad gandhinagar gaya ghaziabad
goa gorakhpur gulbarga guntur gurgaon guwahati gwalior haldia hapur haridwar hisar hosur howrah hubli hyderabad
ichalkaranji imphal indore jabalpur jaipur jalandhar jalgaon jammu jamnagar jamshedpur jhansi jodhpur junagadh kakinada
kalyan kanpur karimnagar karnal kochi kolhapur kolkata kollam korba kota kottayam kozhikode kurnool latur lucknow
ludhiana madurai malegaon mangalore mathura meerut mirzapur moradabad mumbai muzaffarpur mysore nadiad nagpur nanded
nashik navsari nellore noida ongole palakkad panipat parbhani patiala patna puducherry pune purnia raipur rajahmundry
rajkot ranchi ratlam rewa rohtak rourkela sagar saharanpur salem sambalpur sangli satara shillong shimla shivamogga
siliguri solapur sonipat srinagar surat thane thanjavur thrissur tiruchirappalli tirunelveli tirupati tiruppur
trivandrum tumkur udaipur ujjain vadodara varanasi vasai vellore vijayawada visakhapatnam warangal yamunanagar`;

/** Roots of Indian place, family and business names. */
export const ROOTS = `aadi aakash abhi ajay akshar amar ambika amrit anand anant anjali annapurna arjun arun asha ashok
avadh ayodhya bajrang balaji basant bhagya bharat bhaskar bhavani bhim bhuvan brahma chaitanya chakra chanakya chandan
chandra charan chetan chitra damodar daya deep dev devi dhan dharma dhruv dinesh durga dwarka ekta gagan ganesh ganga
gauri gayatri giri gita gokul gopal govind gulab guru hans hanuman hari harsh hema himalaya hira indra indu ishwar jagat
jagdish jai jamuna janak janaki jaya jeevan jivan jyoti kailash kala kalinga kalpa kamal kamdhenu kanak kanchan karan
karuna kashi kaveri keshav kiran kirti kishore komal krishna kubera kumar kusum lakshmi lalit lata laxmi leela madhav
madhu mahadev mahalaxmi mahavir mahesh malati mangal manik manju mann manohar maruti maya meena megha mira mohan moti
mukund murali nand nanda narayan narmada navin neel neelkanth nirmal nitya om padma pallavi panchsheel param parvati
pavan prabhat prakash pratap prem preeti priya pushpa radha raghav raghu raj rajendra ram rama ramesh rani ratan ratna
ravi rekha riddhi rishi rohini roop rudra sadhana sagar sahyadri sai sakshi samarth sangam sanjay santosh saraswati
sarvodaya satya saurabh savitri shakti shankar shanti sharda sheetal shiv shiva shobha shree shri shubh siddhi sita
som sona sudha suman sumit sundar sunil surya swami swaraj tara tulsi uday uma umesh usha vaibhav vandana varun vasant
vasudev ved vidya vijay vikas vinay vinayak vishnu vishwa vrindavan yamuna yash yogesh`;

/** Locality suffixes: Ramnagar, Krishnapuram, Shantiniketan. */
export const LOCALITY_SUFFIXES = `nagar puram pur pura abad ganj wadi pet palli halli garh gaon kheda vihar puri kunj bagh
patti colony niketan wada sthal kuppam dham nagri kshetra mohalla tola khurd bazar`;

/** Brand suffixes: Laxmimart, Ganeshfoods, Suryatech. */
export const BRAND_SUFFIXES = `mart foods tech wear soft labs kart pay fin med care agro steel cement paints motors
jewels sarees sweets dairy spices pharma textiles traders electricals tyres industries enterprises
exports digital media logistics realty builders hospitals academy`;

/** Venue suffixes: Ganeshmahal, Shantibhavan, Krishnamandap. */
export const VENUE_SUFFIXES = `mahal bhavan mandap sabhagar kalamandir rangmanch grounds gardens lawns plaza arcade auditorium hall resort banquet`;

/** Publication suffixes: Lokmatvani, Bharatsamachar, Suryadarpan. */
export const PUBLICATION_SUFFIXES = `samachar darpan vani patrika prabha jagran times sandesh`;

/** Station suffixes (road, junction, halt and terminus names as one word: Ramganjroad). */
export const STATION_SUFFIXES = `road junction halt chowk terminus cantt`;

/** The categories' own terms (what a brand or a media owner types besides names). */
export const CATEGORY_TERMS = `hoarding billboard unipole gantry kiosk bus shelter metro pillar platform wrap
branding radio fm rj jingle podcast spot newspaper jacket insertion supplement classified magazine edition
cover spread advertorial instagram reel story youtube influencer creator collaboration newsletter flyer leaflet
sampling pamphlet event sponsorship fest marathon cyclothon concert exhibition stall standee app banner native
interstitial rewarded video display portal website homepage skincare fashion grocery restaurant cafe fintech edtech
realestate apartment society township mall multiplex cinema theatre airport railway highway flyover signage`;

export function words(list: string): string[] {
  return list.split(/\s+/).filter(Boolean);
}
