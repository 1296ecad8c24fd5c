// The words of the demo data: kinds of IT business, names, descriptions and review texts. All
// invented; company e-mail and web addresses use the reserved .example domain and phone numbers
// come from Ofcom's ranges set aside for drama, so no demo listing points at a real business.
import type { Service } from '../../../core/services';

export type Nation = 'england' | 'scotland' | 'wales' | 'northern-ireland';

export interface Archetype {
  id: string;
  /** Always offered. */
  core: readonly Service[];
  /** Some of these are added (total 1 to 5 services). */
  extras: readonly Service[];
  names: readonly string[];
  /** [hourly min, hourly max] in pounds. */
  hourly: readonly [number, number];
  /** [daily min, daily max] in pounds, or null when this kind of business never quotes by the day. */
  daily: readonly [number, number] | null;
  employeeCounts: readonly string[];
  openers: readonly string[];
  middles: readonly string[];
  closers: readonly string[];
}

// Name patterns: {Stem} is a local or generic word, {Surname} the founder's surname.
export const ARCHETYPES: readonly Archetype[] = [
  {
    id: 'web-studio',
    core: ['Web Design', 'Web Development'],
    extras: ['UI/UX Design', 'SEO & SEM', 'Hosting & Domains', 'Graphic Design', 'Digital Marketing'],
    names: ['{Stem} Digital', '{Stem} Web Studio', '{Stem} Creative Ltd', '{Surname} Web Design'],
    hourly: [35, 75],
    daily: [280, 520],
    employeeCounts: ['1', '2-5', '6-10'],
    openers: [
      '{Company} is a small web studio in {town} that designs and builds websites for independent shops, trades and charities.',
      'We design and build fast, accessible websites for small businesses across {area}.',
      'Founded in {year}, {Company} builds websites that are easy to update and quick to load on a phone.',
    ],
    middles: [
      'Every site is built to WCAG 2.1 AA, tested on real devices and handed over with a short training session so you can edit it yourself.',
      'Most projects take four to eight weeks from first conversation to launch, and we stay on afterwards for hosting and small changes.',
      'We work mainly with WordPress and hand-built static sites, and we will tell you honestly which suits your budget.',
      'Recent work includes booking systems for a physiotherapy clinic, an online shop for a local bakery and a new site for a community theatre.',
    ],
    closers: [
      'Fixed quotes, no jargon, and you own everything we build.',
      'Get in touch for a free half-hour chat about what you need.',
      'We are happy to meet in person in {town} or by video call.',
    ],
  },
  {
    id: 'msp',
    core: ['Managed Service Providers'],
    extras: ['IT Consulting', 'Cybersecurity', 'Backup Solutions', 'Cloud Services', 'Remote Support', 'Business Email', 'Procurement'],
    names: ['{Stem} IT Solutions Ltd', '{Stem} Managed IT', '{Stem} Technology Partners', '{Surname} IT Services Ltd'],
    hourly: [45, 85],
    daily: [360, 600],
    employeeCounts: ['6-10', '11-25', '26-50', '50+'],
    openers: [
      '{Company} looks after the IT of offices, surgeries and schools across {area} for a fixed monthly fee.',
      'We are a managed IT provider based in {town}, supporting businesses of 5 to 150 staff.',
      'Since {year} {Company} has been the IT department for small and medium-sized organisations in {area}.',
    ],
    middles: [
      'Our helpdesk answers within 30 minutes during office hours, and our engineers can be on site the same day for urgent faults.',
      'Plans cover Microsoft 365 administration, patching, monitoring, backups and a named account manager who knows your setup.',
      'We hold Cyber Essentials Plus ourselves and help clients achieve Cyber Essentials certification.',
      'New clients start with a free audit of their devices, licences and backups, with a written report they can keep.',
    ],
    closers: [
      'No long lock-in: contracts run month to month after the first quarter.',
      'Ask us for references from clients in your sector.',
      'Call or email to arrange a no-obligation review of your current IT.',
    ],
  },
  {
    id: 'home-support',
    core: ['Home User Support'],
    extras: ['Hardware Repair', 'Data Recovery', 'Network Setup', 'Remote Support', 'Training & Support'],
    names: ['{Stem} Home IT', '{Surname} Computer Services', '{Stem} PC Help', '{Town} Computer Help'],
    hourly: [25, 45],
    daily: null,
    employeeCounts: ['1', '2-5'],
    openers: [
      'Friendly, patient computer help at home for people in and around {town}.',
      '{Company} sorts out the technology problems that get in the way at home: slow laptops, patchy Wi-Fi, printers that will not print.',
      'I have been helping households in {area} with computers, tablets and home networks since {year}.',
    ],
    middles: [
      'I am DBS checked and many of my customers are older people who want someone they can trust to explain things slowly.',
      'Typical visits include setting up a new laptop, moving photos from an old phone, getting rid of pop-ups and improving Wi-Fi upstairs.',
      'If a repair is not worth the money I will say so, and help you choose a sensible replacement instead.',
      'Most problems are fixed in a single visit; simple jobs can also be done remotely over a secure connection.',
    ],
    closers: [
      'No fix, no fee on diagnostic visits.',
      'Evening and Saturday appointments are available.',
      'Call for a chat: there is no charge for advice over the phone.',
    ],
  },
  {
    id: 'cyber',
    core: ['Cybersecurity'],
    extras: ['IT Consulting', 'Backup Solutions', 'Network Installation', 'Training & Support'],
    names: ['{Stem} Security Ltd', '{Stem} Cyber', '{Stem} Secure'],
    hourly: [70, 120],
    daily: [550, 900],
    employeeCounts: ['2-5', '6-10', '11-25'],
    openers: [
      '{Company} is an independent cyber security consultancy based in {town}.',
      'We help small and medium-sized organisations in {area} understand and reduce their cyber risk.',
      'Practical security for businesses that do not have a security team of their own.',
    ],
    middles: [
      'Services include Cyber Essentials readiness, vulnerability scanning, phishing awareness training and incident response planning.',
      'Our consultants are CREST and OSCP certified and have worked in banking, retail and the public sector.',
      'Reports are written for the people who have to act on them: a one-page summary for directors and a fix list for IT.',
      'We are vendor-neutral and do not resell products, so our advice is about your risk rather than our margins.',
    ],
    closers: [
      'Contact us in confidence if you think you have had a breach.',
      'Fixed-price assessments are available for organisations under 50 staff.',
      'Book a free 30-minute call to talk through your concerns.',
    ],
  },
  {
    id: 'cloud',
    core: ['Cloud Services', 'DevOps'],
    extras: ['Server Management', 'System Administration', 'Data Migration', 'Database Management'],
    names: ['{Stem} Cloud', '{Stem} Cloud Consulting', '{Stem} DevOps Ltd', '{Surname} Cloud Engineering'],
    hourly: [60, 110],
    daily: [450, 750],
    employeeCounts: ['1', '2-5', '6-10'],
    openers: [
      '{Company} helps software teams in {area} and beyond run reliable, affordable infrastructure on AWS, Azure and Google Cloud.',
      'Cloud and DevOps engineering from {town}: migrations, automation and cost reviews.',
      'We are a small team of cloud engineers who have run production platforms for start-ups and public bodies.',
    ],
    middles: [
      'Typical projects: moving a legacy application off ageing servers, setting up CI/CD pipelines, and writing infrastructure as code with Terraform.',
      'Our cost reviews regularly cut monthly cloud bills by a fifth without touching reliability.',
      'We document everything we build and pair with your developers so that you are never dependent on us.',
      'We can join your on-call rota for a transition period after a migration.',
    ],
    closers: [
      'Available for fixed-scope projects or ongoing retained support.',
      'Most work is remote, with on-site workshops in {town} when useful.',
      'Get in touch with a short description of your setup and we will suggest next steps.',
    ],
  },
  {
    id: 'network',
    core: ['Network Installation', 'Network Setup'],
    extras: ['Hardware Repair', 'Server Management', 'Procurement', 'System Administration'],
    names: ['{Stem} Networks', '{Stem} Cabling & Networks', '{Surname} Network Services'],
    hourly: [40, 70],
    daily: [300, 500],
    employeeCounts: ['2-5', '6-10', '11-25'],
    openers: [
      '{Company} designs and installs wired and wireless networks for offices, warehouses and schools in {area}.',
      'Structured cabling, Wi-Fi and network equipment installed properly, by engineers based in {town}.',
      'We have been installing business networks across {area} since {year}.',
    ],
    middles: [
      'Every installation includes a site survey, labelled and tested cabling, and a clear diagram of what was installed where.',
      'We install Ubiquiti, Cisco Meraki and Aruba equipment and will recommend what suits your building and budget.',
      'Office moves are a speciality: we plan the network before move-in day so your staff can work from the first morning.',
      'Out-of-hours installation is available so your business is not disrupted.',
    ],
    closers: [
      'Free site surveys within 30 miles of {town}.',
      'All work carries a 12-month workmanship guarantee.',
      'Send us a floor plan and we will quote within two working days.',
    ],
  },
  {
    id: 'software',
    core: ['Software Development'],
    extras: ['Mobile App Development', 'Web Development', 'Database Management', 'DevOps', 'UI/UX Design'],
    names: ['{Stem} Software Ltd', '{Stem} Labs', '{Surname} Software', '{Stem} Code Works'],
    hourly: [55, 95],
    daily: [400, 700],
    employeeCounts: ['2-5', '6-10', '11-25'],
    openers: [
      '{Company} is a software development company in {town} building bespoke web and mobile applications.',
      'We turn spreadsheets, paper forms and ageing in-house systems into software your team actually enjoys using.',
      'Custom software for businesses in {area}, built by a small senior team.',
    ],
    middles: [
      'We work in short, fixed-price phases so you see working software every two weeks and can change direction as you learn.',
      'Our main tools are TypeScript, React, Node.js and PostgreSQL, with native iOS and Android where an app needs it.',
      'Recent projects include a job-scheduling system for a plumbing firm and a stock app for a group of farm shops.',
      'We write automated tests for everything we deliver and hand over the code, documentation and hosting accounts.',
    ],
    closers: [
      'Tell us about the problem rather than the solution: we will help you work out what to build.',
      'We offer support contracts after launch, or a clean handover to your own developers.',
      'Discovery workshops are available at a fixed price.',
    ],
  },
  {
    id: 'ux',
    core: ['UI/UX Design'],
    extras: ['Web Design', 'Graphic Design', 'Mobile App Development'],
    names: ['{Stem} Design Studio', '{Stem} UX', '{Surname} Design'],
    hourly: [45, 85],
    daily: [350, 600],
    employeeCounts: ['1', '2-5'],
    openers: [
      '{Company} is a user experience and interface design studio in {town}.',
      'We make websites and apps easier to use, through research with real users and careful interface design.',
      'Independent UX designer working with product teams across {area} and remotely across the UK.',
    ],
    middles: [
      'Work ranges from quick usability reviews to full redesigns, always starting with the people who use your product.',
      'Deliverables include research findings, clickable prototypes in Figma and a design system your developers can build from.',
      'Accessibility is part of every project, not an extra: designs are checked against WCAG 2.1 AA.',
    ],
    closers: [
      'Usability reviews start from a fixed price of two days.',
      'Happy to work alongside your in-house developers or agency.',
      'Portfolio and case studies available on request.',
    ],
  },
  {
    id: 'data',
    core: ['Data Analytics & Reporting', 'Database Management'],
    extras: ['Data Migration', 'Software Development', 'IT Consulting', 'Cloud Services'],
    names: ['{Stem} Data Ltd', '{Stem} Analytics', '{Stem} Insight'],
    hourly: [50, 95],
    daily: [400, 700],
    employeeCounts: ['1', '2-5', '6-10'],
    openers: [
      '{Company} helps organisations in {area} get reliable answers from the data they already have.',
      'Data engineering and reporting from {town}: from messy spreadsheets to dashboards people trust.',
      'We design databases, build reporting and tidy up data for small and medium-sized businesses.',
    ],
    middles: [
      'We work with Power BI, SQL Server, PostgreSQL and Python, and can automate the monthly reports that currently take someone a week.',
      'Data migrations are planned, rehearsed and reconciled line by line, so nothing goes missing when you change systems.',
      'We are registered with the ICO and follow UK GDPR in everything we handle.',
    ],
    closers: [
      'Free initial assessment of your reporting needs.',
      'Projects are quoted at a fixed price wherever possible.',
      'Ask about our half-day introductory workshop.',
    ],
  },
  {
    id: 'marketing',
    core: ['Digital Marketing', 'SEO & SEM'],
    extras: ['Web Design', 'Graphic Design', 'Hosting & Domains'],
    names: ['{Stem} Marketing', '{Stem} Search & Social', '{Stem} Digital Marketing Ltd'],
    hourly: [40, 80],
    daily: [300, 550],
    employeeCounts: ['1', '2-5', '6-10'],
    openers: [
      '{Company} is a digital marketing agency in {town} focused on search, paid ads and content for local businesses.',
      'We help businesses across {area} get found online and turn visits into enquiries.',
      'Honest, measurable digital marketing for small businesses in {area}.',
    ],
    middles: [
      'We start with an audit of your website and Google Business Profile, then agree a plan with clear monthly goals.',
      'Every client gets a plain-English monthly report showing what we did and what it achieved.',
      'We manage Google Ads and Meta campaigns and never take a hidden cut of your ad spend.',
    ],
    closers: [
      'Rolling monthly contracts, no long tie-ins.',
      'Get a free audit of your website and search visibility.',
      'We only take on one business per trade in each town.',
    ],
  },
  {
    id: 'small-business',
    core: ['General Business Support', 'Business Email'],
    extras: ['Home User Support', 'Backup Solutions', 'Remote Support', 'Procurement', 'Hosting & Domains', 'Training & Support'],
    names: ['{Stem} Business IT', '{Surname} IT Support', '{Stem} Office IT'],
    hourly: [30, 55],
    daily: [240, 400],
    employeeCounts: ['1', '2-5'],
    openers: [
      'Pay-as-you-go IT support for sole traders and small offices in {town}.',
      '{Company} is the IT person for small businesses in {area} that are too small for a full IT contract.',
      'Practical IT help for small businesses: email, laptops, printers, backups and everything in between.',
    ],
    middles: [
      'We set up Microsoft 365 and Google Workspace, move email to your own domain and make sure your files are backed up.',
      'New starter? We will set up their laptop, accounts and phone so they can work from day one.',
      'We buy equipment at trade prices and pass the saving on, with no markup on licences.',
    ],
    closers: [
      'Billed in 15-minute blocks after the first half hour.',
      'Most requests are handled remotely the same day.',
      'Call or email: you will always speak to someone who knows your setup.',
    ],
  },
  {
    id: 'repair',
    core: ['Hardware Repair', 'Data Recovery'],
    extras: ['Home User Support', 'Backup Solutions', 'Remote Support'],
    names: ['{Stem} Computer Repairs', '{Town} Data Recovery', '{Surname} Repairs'],
    hourly: [30, 50],
    daily: null,
    employeeCounts: ['1', '2-5', '6-10'],
    openers: [
      '{Company} repairs laptops, desktops and tablets and recovers data from failed drives, from a workshop in {town}.',
      'Computer repair and data recovery in {town}, with a walk-in workshop and collection across {area}.',
      'Broken laptop, dead hard drive, or a phone full of photos that will not turn on? We can usually help.',
    ],
    middles: [
      'Screen replacements, keyboard and battery swaps are usually done within 48 hours.',
      'Data recovery is assessed free of charge, and you only pay if we get your files back.',
      'We recycle old equipment responsibly and wipe drives to a recognised standard.',
    ],
    closers: [
      'All repairs come with a 90-day guarantee.',
      'Free diagnosis, with a quote before any work starts.',
      'Drop in during shop hours or book a collection online.',
    ],
  },
];

/** Stems shared by every place; each placement adds its own local ones. */
export const GENERIC_STEMS = [
  'Kestrel', 'Redkite', 'Heron', 'Bluebell', 'Oakridge', 'Millstone', 'Lighthouse', 'Northlight', 'Brightwater',
  'Copperleaf', 'Foxglove', 'Greenway', 'Harbour', 'Pinecroft', 'Beacon', 'Keystone', 'Meridian', 'Blackthorn',
  'Larchwood', 'Wren', 'Ashdown', 'Fernhill', 'Silverbirch', 'Stonebridge', 'Kingfisher', 'Hollybank',
];

export const FIRST_NAMES: Record<Nation, readonly string[]> = {
  england: [
    'Oliver', 'Amelia', 'Jack', 'Olivia', 'Harry', 'George', 'Emily', 'Noah', 'Sophie', 'Charlie', 'Grace', 'Thomas',
    'Ella', 'James', 'Lucy', 'William', 'Hannah', 'Mohammed', 'Aisha', 'Priya', 'Arjun', 'Fatima', 'Ravi', 'Daniel',
    'Rebecca', 'Samuel', 'Zara', 'Imran', 'Kwame', 'Adaeze', 'Tomasz', 'Agnieszka', 'Wei', 'Mei', 'Freya', 'Ruth',
    'Ian', 'Karen', 'Paul', 'Deborah', 'Martin', 'Helen', 'Nathan', 'Jasmine', 'Simon', 'Claire',
  ],
  scotland: ['Callum', 'Eilidh', 'Fraser', 'Hamish', 'Kirsty', 'Ailsa', 'Euan', 'Morag', 'Iain', 'Catriona', 'Lewis', 'Rory'],
  wales: ['Rhys', 'Bethan', 'Catrin', 'Gareth', 'Dylan', 'Owain', 'Sian', 'Carys', 'Geraint', 'Ffion', 'Aled', 'Nia'],
  'northern-ireland': ['Ciaran', 'Niamh', 'Siobhan', 'Conor', 'Aoife', 'Declan', 'Orla', 'Padraig', 'Roisin', 'Eoin'],
};

export const SURNAMES: Record<Nation, readonly string[]> = {
  england: [
    'Smith', 'Taylor', 'Brown', 'Wilson', 'Johnson', 'Patel', 'Robinson', 'Wright', 'Thompson', 'Walker', 'White',
    'Roberts', 'Green', 'Hall', 'Wood', 'Jackson', 'Clarke', 'Khan', 'Hughes', 'Lewis', 'Okafor', 'Mensah', 'Ahmed',
    'Hussain', 'Singh', 'Kowalski', 'Nowak', 'Chen', 'Wong', 'Begum', 'Shah', 'Baker', 'Turner', 'Cooper', 'Ward',
    'Mitchell', 'Harrison', 'Bennett', 'Fletcher', 'Holmes', 'Marsh', 'Pearson',
  ],
  scotland: ['Campbell', 'MacDonald', 'Stewart', 'Reid', 'Fraser', 'Ross', 'Murray', 'Robertson', 'Paterson', 'Sinclair'],
  wales: ['Jones', 'Davies', 'Evans', 'Griffiths', 'Price', 'Morgan', 'Powell', 'Pritchard', 'Rees', 'Howells'],
  'northern-ireland': ['Kelly', "O'Neill", 'Byrne', 'McCann', 'Quinn', 'Doherty', 'Murphy', 'McLaughlin', 'Gallagher', 'Hamilton'],
};

/** How a service reads inside a sentence ("helped with our {noun}"). */
export function serviceNoun(service: Service): string {
  const special: Partial<Record<Service, string>> = {
    'Managed Service Providers': 'managed IT support',
    'Home User Support': 'computer problems at home',
    'Training & Support': 'staff training',
    Procurement: 'new equipment',
    'General Business Support': 'office IT',
    'SEO & SEM': 'search rankings',
    'Hosting & Domains': 'hosting move',
    'Data Analytics & Reporting': 'reporting dashboards',
    'Business Email': 'business email',
    'Network Installation': 'network cabling',
    'Network Setup': 'office Wi-Fi',
    'UI/UX Design': 'app redesign',
    DevOps: 'deployment pipeline',
    'Remote Support': 'remote support',
    'Data Recovery': 'data recovery',
    'Hardware Repair': 'laptop repair',
    'Backup Solutions': 'backups',
    'IT Consulting': 'IT strategy',
    'Cloud Services': 'cloud migration',
  };
  return special[service] ?? service.toLowerCase();
}

export const CLIENT_KINDS = [
  'dental practice', 'charity', 'family business', 'accountancy firm', 'café', 'estate agency', 'nursery',
  'architects practice', 'joinery firm', 'law firm', 'veterinary surgery', 'community group',
];

export interface ReviewText {
  titles: readonly string[];
  comments: readonly string[];
}

// {noun}: the service, {first}: the professional's first name, {kind}: the reviewer's business.
export const REVIEW_TEXT: Record<1 | 2 | 3 | 4 | 5, ReviewText> = {
  5: {
    titles: [
      'Excellent from start to finish',
      "Couldn't recommend more highly",
      'Brilliant service',
      'Quick, friendly and knowledgeable',
      'Exactly what we needed',
      'First-class work',
      'Made it painless',
    ],
    comments: [
      '{first} handled our {noun} and it was spot on. Clear quote up front, finished when promised, and everything explained in plain English.',
      "We're a small {kind} and needed help with our {noun}. {first} was patient and thorough and didn't try to upsell us. Will definitely use again.",
      'Fast response and a really professional job on our {noun}. The follow-up support has been just as good.',
      "This is the third time we've used them and they have been reliable and on time every time.",
      'Came recommended by a friend and lived up to it. Our {noun} was sorted within the week and we have had no problems since.',
    ],
  },
  4: {
    titles: ['Very good service', 'Reliable and good value', 'Solid job', 'Happy with the result', 'Would use again'],
    comments: [
      'Good work on our {noun}. A couple of small delays, but communication was good throughout and the end result is what we asked for.',
      '{first} knew their stuff and sorted the {noun} quickly. It cost slightly more than the first estimate, but the extra was explained.',
      'Helpful and professional. It took a second visit to finish off, but no complaints about the quality of the work.',
      'Sensible advice on our {noun} and a fair price. Would have liked a written summary at the end, otherwise very good.',
    ],
  },
  3: {
    titles: ['Fine, but room for improvement', 'Okay overall', 'Mixed experience'],
    comments: [
      'The {noun} works, but it took longer than agreed and we had to chase for updates.',
      'Decent technical work, though the final invoice was higher than we expected. Clearer pricing would help.',
      'Got there in the end. Friendly enough, but the first visit did not fix the problem.',
    ],
  },
  2: {
    titles: ['Disappointing', 'Not what we expected'],
    comments: [
      'Work on our {noun} started promptly but then stalled for weeks. It was eventually finished, but only after several emails.',
      'The end result was okay but communication was poor and we were never sure when someone would turn up.',
    ],
  },
  1: {
    titles: ['Would not use again', 'Poor experience'],
    comments: [
      'Two appointments for our {noun} were missed and the problem still was not fixed. We ended up going elsewhere.',
      'Very slow to respond, and the quote changed halfway through the job.',
    ],
  },
};

export const REVIEW_REPLIES = [
  'Thank you for the feedback, {reviewer}. We are sorry about the delays and have since changed how we schedule follow-up visits.',
  'Thanks for taking the time to write this, {reviewer}. We should have kept you better informed, and we would be glad to put things right.',
  'Thank you, {reviewer}. It was a pleasure working with you.',
];
