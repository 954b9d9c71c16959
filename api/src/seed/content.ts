// Seed content for every public page. Images are files in api/static/ (served at /static/).
import type { Executor } from '../db';
import {
  blogPosts,
  companyDetails,
  faqs,
  hostingPlans,
  managerServices,
  packages,
  policies,
  pricingPlans,
  services,
  slideImages,
  testimonials,
} from '../db/schema';
import type { SeedContext } from './index';

/** The seeded company details (the company's name is config.productName). */
export const COMPANY = {
  name: 'HostHub',
  address: '14 Adeola Odeku Street, Victoria Island, Lagos 101241, Nigeria',
  phone: '+234 1 700 2040',
  email: 'hello@hosthub.example',
};

export const SERVICES = [
  {
    id: 1,
    name: 'Domain',
    type: 'domain' as const,
    image: '/static/services/domain.jpg',
    description: 'Search, register and transfer domain names in .com, .ng, .net, .org and more, with free DNS management.',
    plans: [],
  },
  {
    id: 2,
    name: 'Shared Hosting',
    type: 'hosting' as const,
    image: '/static/services/shared-hosting.jpg',
    description: 'Fast, affordable hosting for personal sites, blogs and small businesses, managed from an easy control panel.',
    plans: [
      { name: 'Starter', price: 299, description: '1 website\n10 GB SSD storage\nFree SSL certificate\n5 e-mail accounts\nWeekly backups' },
      { name: 'Business', price: 599, description: '10 websites\n50 GB SSD storage\nFree SSL certificate\nUnlimited e-mail accounts\nDaily backups' },
      { name: 'Pro', price: 999, description: 'Unlimited websites\n100 GB NVMe storage\nFree SSL certificate\nUnlimited e-mail accounts\nDaily backups with 30-day history\nPriority support' },
    ],
  },
  {
    id: 3,
    name: 'WordPress Hosting',
    type: 'hosting' as const,
    image: '/static/services/wordpress-hosting.jpg',
    description: 'Managed WordPress with one-click install, automatic updates, caching and malware scanning built in.',
    plans: [
      { name: 'WP Basic', price: 450, description: '1 WordPress site\n20 GB SSD storage\nAutomatic updates\nFree SSL certificate\nBuilt-in caching' },
      { name: 'WP Plus', price: 875, description: '5 WordPress sites\n60 GB SSD storage\nStaging environment\nMalware scanning\nDaily backups' },
      { name: 'WP Agency', price: 1499, description: '25 WordPress sites\n150 GB NVMe storage\nStaging and cloning\nWhite-label client reports\nPriority support' },
    ],
  },
  {
    id: 4,
    name: 'VPS Hosting',
    type: 'hosting' as const,
    image: '/static/services/vps-hosting.jpg',
    description: 'Your own virtual private server with guaranteed CPU and memory, full root access and a choice of Linux distributions.',
    plans: [
      { name: 'VPS 1', price: 1200, description: '2 vCPU\n4 GB RAM\n80 GB NVMe storage\n2 TB bandwidth\nFull root access' },
      { name: 'VPS 2', price: 2400, description: '4 vCPU\n8 GB RAM\n160 GB NVMe storage\n4 TB bandwidth\nSnapshots' },
      { name: 'VPS 3', price: 4800, description: '8 vCPU\n16 GB RAM\n320 GB NVMe storage\n8 TB bandwidth\nSnapshots and managed firewall' },
    ],
  },
];

const p = (...paragraphs: string[]) => paragraphs.map((t) => (t.startsWith('<') ? t : `<p>${t}</p>`)).join('\n');

const POSTS: { slug: string; title: string; author: string; date: string; content: string }[] = [
  {
    slug: 'choosing-the-right-domain-name',
    title: 'Choosing the right domain name',
    author: 'Ada Okafor',
    date: '2024-01-09T09:00:00Z',
    content: p(
      'Your domain name is the first thing customers see and the last thing you want to change. A good one is short, easy to spell after hearing it once, and says something about what you do.',
      '<h2>Keep it short and clear</h2>',
      'Aim for two or three words at most. Avoid hyphens and numbers: people forget them, and they make the name hard to read aloud on the radio or over the phone.',
      '<h2>Pick the right extension</h2>',
      '<ul><li><strong>.com</strong> is still the most recognised worldwide.</li><li><strong>.ng</strong> tells Nigerian customers you are local.</li><li><strong>.net</strong> and <strong>.co</strong> are good alternatives when your first choice is taken.</li></ul>',
      'Once you find a name you like, register it quickly, and consider registering the closest variants too so nobody else can use them.',
    ),
  },
  {
    slug: 'ng-domains-for-nigerian-businesses',
    title: 'Why a .ng domain works for Nigerian businesses',
    author: 'Tunde Bakare',
    date: '2024-02-06T09:00:00Z',
    content: p(
      'A .ng address tells visitors straight away that you serve Nigeria. Local customers trust it, and search engines use it as a signal when they rank results for searches made in the country.',
      '<h2>Local trust</h2>',
      'Shoppers are more comfortable paying a business they believe is nearby, delivers locally and answers the phone in their time zone. The extension is a small but visible part of that promise.',
      '<h2>Use both</h2>',
      'Many of our customers register the same name in .com and .ng, point both at one website, and use the .ng address on local adverts. It costs little and protects your brand.',
    ),
  },
  {
    slug: 'shared-vs-vps-hosting',
    title: 'Shared hosting or VPS: which one do you need?',
    author: 'Ifeanyi Obi',
    date: '2024-03-12T09:00:00Z',
    content: p(
      'Shared hosting puts many websites on one well-managed server. It is the cheapest way to get online and suits most blogs, portfolios and small business sites.',
      'A virtual private server (VPS) gives you guaranteed processor and memory, and full control of the operating system. It suits busy shops, custom applications and developers who need to install their own software.',
      '<h2>A simple rule</h2>',
      '<ul><li>Fewer than 50,000 visits a month and a standard CMS: start with shared hosting.</li><li>Heavy traffic, custom software or strict performance needs: choose a VPS.</li></ul>',
      'You can always move up later: our team migrates your site from shared hosting to a VPS free of charge.',
    ),
  },
  {
    slug: 'free-ssl-certificates-explained',
    title: 'SSL certificates, explained without the jargon',
    author: 'Fatima Bello',
    date: '2024-04-02T09:00:00Z',
    content: p(
      'An SSL certificate lets browsers talk to your website over an encrypted connection. It is what puts the padlock in the address bar and the "s" in https.',
      'Without it, browsers warn visitors that your site is "not secure", and forms such as logins and checkouts can be read by anyone on the same network.',
      '<h2>Do I have to pay for one?</h2>',
      'Every hosting plan we sell includes a free certificate that renews itself. Paid certificates with organisation validation are available for businesses that need them for compliance.',
    ),
  },
  {
    slug: 'speed-up-your-wordpress-site',
    title: 'Seven ways to speed up a WordPress site',
    author: 'Ada Okafor',
    date: '2024-05-14T09:00:00Z',
    content: p(
      'Visitors leave slow sites, and search engines rank them lower. These seven changes make the biggest difference for the least effort.',
      '<ol><li>Turn on page caching.</li><li>Compress and resize images before uploading them.</li><li>Remove plugins you no longer use.</li><li>Use a lightweight theme.</li><li>Keep WordPress and PHP up to date.</li><li>Load scripts only on the pages that need them.</li><li>Host close to your visitors.</li></ol>',
      'Our WordPress plans include caching and image optimisation out of the box, so most sites get faster on the day they move.',
    ),
  },
  {
    slug: 'moving-your-website-without-downtime',
    title: 'Moving your website without downtime',
    author: 'Ifeanyi Obi',
    date: '2024-06-04T09:00:00Z',
    content: p(
      'Changing hosts does not have to mean an afternoon offline. The trick is to run the old and the new copies side by side until every visitor is on the new one.',
      '<h2>The steps</h2>',
      '<ol><li>Copy your files and database to the new server.</li><li>Test the new copy using a temporary address.</li><li>Lower your DNS time-to-live a day in advance.</li><li>Switch the DNS records.</li><li>Keep the old hosting for a few days, then cancel it.</li></ol>',
      'If you prefer not to do it yourself, our support team will move your site for free.',
    ),
  },
  {
    slug: 'domain-transfer-checklist',
    title: 'A domain transfer checklist',
    author: 'Tunde Bakare',
    date: '2024-07-09T09:00:00Z',
    content: p(
      'Transferring a domain to a new registrar is safe and keeps your website running, as long as you prepare a few things first.',
      '<ul><li>Unlock the domain at your current registrar.</li><li>Get the EPP (authorisation) code.</li><li>Make sure the contact e-mail address on the domain is one you can read.</li><li>Check that the domain was not registered or transferred in the last 60 days.</li></ul>',
      'Then search for the domain on our transfer page, enter the EPP code and check out. Most transfers finish within five days, and the remaining registration time moves with the domain.',
    ),
  },
  {
    slug: 'professional-email-on-your-domain',
    title: 'Professional e-mail on your own domain',
    author: 'Grace Adeyemi',
    date: '2024-08-13T09:00:00Z',
    content: p(
      'An address like sales@yourcompany.ng looks far more trustworthy on an invoice than a free webmail address, and it stays yours when staff leave.',
      'Every hosting plan includes mailboxes on your domain. Set up SPF, DKIM and DMARC records (our DNS editor fills them in for you) so your mail lands in the inbox instead of the spam folder.',
    ),
  },
  {
    slug: 'backups-that-actually-work',
    title: 'Backups that actually work',
    author: 'Fatima Bello',
    date: '2024-09-03T09:00:00Z',
    content: p(
      'A backup is only useful if you can restore it. Many site owners discover too late that theirs was incomplete or years old.',
      '<h2>Follow the 3-2-1 rule</h2>',
      'Keep three copies of your data, on two different kinds of storage, with one copy off-site. Our daily backups are stored in a separate data centre and can be restored from the control panel in a few clicks.',
      'Test a restore at least once a quarter, on a staging copy of your site.',
    ),
  },
  {
    slug: 'launching-an-online-store',
    title: 'Launching an online store in a weekend',
    author: 'Grace Adeyemi',
    date: '2024-10-01T09:00:00Z',
    content: p(
      'You do not need a large budget to start selling online. With a domain, a hosting plan and an e-commerce plugin, a small catalogue can be live in two days.',
      '<h2>Saturday</h2>',
      'Register your domain, install WordPress with WooCommerce, choose a clean theme and add your first ten products with good photos.',
      '<h2>Sunday</h2>',
      'Connect a payment provider, set delivery zones and prices, write your return policy, and place a test order from your phone before you announce the shop.',
    ),
  },
  {
    slug: 'dns-records-a-beginners-guide',
    title: "DNS records: a beginner's guide",
    author: 'Ifeanyi Obi',
    date: '2024-10-22T09:00:00Z',
    content: p(
      'DNS is the internet\'s address book. When someone types your domain, DNS tells their browser which server to contact.',
      '<ul><li><strong>A</strong> records point a name at an IPv4 address.</li><li><strong>CNAME</strong> records make one name an alias of another.</li><li><strong>MX</strong> records say where e-mail for the domain is delivered.</li><li><strong>TXT</strong> records hold verification and anti-spam settings.</li></ul>',
      'Changes can take a few hours to reach everyone, because resolvers cache answers for the time-to-live you set.',
    ),
  },
  {
    slug: 'growing-traffic-after-launch',
    title: 'Growing traffic after launch',
    author: 'Ada Okafor',
    date: '2024-11-19T09:00:00Z',
    content: p(
      'Launching the site is the beginning. Traffic grows from steady, useful content and from being easy to find.',
      '<ol><li>Register with search engines\' webmaster tools and submit your sitemap.</li><li>Write one helpful article a week that answers a real customer question.</li><li>Claim your business profile on maps services.</li><li>Share each article where your customers already spend time.</li></ol>',
      'Measure what works, and do more of it.',
    ),
  },
];

/**
 * The policies name the company's details by placeholder: the public routes serve them with the current company
 * details (api/src/content/placeholders.ts), so a change of address or e-mail by staff reaches the policies too.
 * Migration 0900 rewrites a database's policies seeded before, when their text is still exactly this one filled in.
 */
export const POLICIES = {
  privacy: `<h1>Privacy Policy</h1>
<p>Last updated: 1 March 2024</p>
<p>{{company.name}} ("we", "us") sells domain names and web hosting. This policy explains what personal data we collect, why, and the choices you have. It follows the Nigeria Data Protection Act 2023.</p>
<h2>What we collect</h2>
<ul>
<li>Account details: name, username, e-mail address, phone number and postal address.</li>
<li>Order and billing records: the services you buy, invoices and payment references (we never store full card numbers).</li>
<li>Technical data: IP address, browser type and the pages you visit, kept in server logs for 90 days.</li>
</ul>
<h2>Why we use it</h2>
<p>To provide and bill the services you order, to register domains in your name with the registries (which requires your contact details), to keep your account secure, and to answer support requests.</p>
<h2>Sharing</h2>
<p>We share data only with domain registries, payment providers and the data centres that run our servers, and only as far as each needs to provide the service. We do not sell personal data.</p>
<h2>Your rights</h2>
<p>You may ask for a copy of your data, its correction or its deletion by writing to <a href="mailto:{{company.email}}">{{company.email}}</a>. Some records must be kept for tax purposes for six years.</p>
<h2>Contact</h2>
<p>{{company.name}}, {{company.address}}.</p>`,
  terms: `<h1>Terms and Conditions</h1>
<p>Last updated: 1 March 2024</p>
<p>These terms apply to every service you buy from {{company.name}}. By creating an account you accept them.</p>
<h2>1. Your account</h2>
<p>You are responsible for keeping your password and login codes secret and for everything done through your account. Tell us at once if you think someone else has access to it.</p>
<h2>2. Services and payment</h2>
<p>Prices are shown without VAT, which is added at checkout. Services start once payment is confirmed and renew for the same period unless you cancel them before the renewal date.</p>
<h2>3. Domain names</h2>
<p>Domains are registered in your name and are subject to the rules of each registry. A domain that is not renewed may be deleted and registered by someone else.</p>
<h2>4. Acceptable use</h2>
<p>You must not use our services for unlawful content, spam, malware, phishing or attacks on other systems. We may suspend services that do so.</p>
<h2>5. Liability</h2>
<p>We work to keep services available 99.9% of the time but cannot guarantee uninterrupted service. Our liability is limited to the fees you paid in the three months before a claim.</p>
<h2>6. Governing law</h2>
<p>These terms are governed by the laws of the Federal Republic of Nigeria; the courts of Lagos State have jurisdiction.</p>`,
  return: `<h1>Return and Exchange Policy</h1>
<p>Last updated: 1 March 2024</p>
<h2>Hosting</h2>
<p>Every hosting plan comes with a 30-day money-back guarantee. If you are not satisfied, cancel within 30 days of the first payment and we refund the hosting fee in full to your wallet or original payment method.</p>
<h2>Domain names</h2>
<p>Domain registrations and transfers cannot be refunded once submitted to the registry, because the registry fee is not returned to us. A domain registered with a typing error can be exchanged for another name within 5 days of registration, once.</p>
<h2>Exchanges between plans</h2>
<p>You can move to a bigger or smaller plan at any time: open a support ticket naming the plan you want, and the unused part of the current plan is credited to your wallet towards the new one.</p>
<h2>How to ask</h2>
<p>Open a support ticket from your dashboard or write to <a href="mailto:{{company.email}}">{{company.email}}</a>. Refunds are processed within 7 working days.</p>`,
};

const FAQS = [
  ['What is a domain name?', 'A domain name is the address people type to reach your website, such as yourbusiness.ng. You register it for one or more years and can renew it for as long as you like.'],
  ['How long does domain registration take?', 'Most domains are active within minutes of payment. Some country extensions, including .ng, can take up to 24 hours.'],
  ['Can I transfer my existing domain to you?', 'Yes. Unlock the domain at your current registrar, get its EPP code, and start a transfer from our Transfer Domain page. The remaining registration time moves with it.'],
  ['Do your hosting plans include SSL?', 'Yes. Every hosting plan includes a free SSL certificate that is installed and renewed automatically.'],
  ['Which payment methods do you accept?', 'You can pay by card or bank transfer through our payment provider, or from your prepaid wallet, in US dollars or Naira.'],
  ['Is VAT included in your prices?', 'No. Prices are listed without VAT; VAT is added at checkout, at the rate shown in your cart and on every invoice.'],
  ['Can I upgrade my hosting plan later?', 'Yes, at any time. Open a support ticket from your dashboard naming the plan you want: we credit the unused part of your current plan to your wallet, and you buy the new plan with it, paying only the difference.'],
  ['How do I get help?', 'Open a support ticket from your dashboard at any time of day, or write to our support address. Our team answers around the clock.'],
];

const TESTIMONIALS = [
  ['Chioma Eze', 'Founder, Ada Fabrics', 'We moved our shop here last year. Pages load faster, and when our checkout broke one Sunday night, support fixed it within the hour.', '/static/testimonials/chioma-eze.png'],
  ['David Mensah', 'Lead developer, Kumasi Labs', 'The VPS plans give us root access and predictable performance for a fair price. Provisioning takes minutes.', '/static/testimonials/david-mensah.png'],
  ['Fatima Bello', 'Blogger, Northern Table', 'I am not technical, and I still had my blog and .ng domain running on WordPress in one evening.', '/static/testimonials/fatima-bello.png'],
  ['Ifeanyi Obi', 'IT manager, Obi & Partners', 'Transferring our twelve domains was painless, and having them all in one dashboard saves us hours every renewal season.', '/static/testimonials/ifeanyi-obi.png'],
  ['Grace Adeyemi', 'Owner, Grace Events', 'Professional e-mail on our own domain made a real difference with corporate clients. Setup took ten minutes.', '/static/testimonials/grace-adeyemi.png'],
];

const SLIDES = [
  ['/static/slides/slide-1.svg', 'Register the domain your business deserves'],
  ['/static/slides/slide-2.svg', 'Fast, secure hosting with 24/7 support'],
  ['/static/slides/slide-3.svg', 'Free SSL on every hosting plan'],
  ['/static/slides/slide-4.svg', 'Launch your online store today'],
];

const PACKAGES = [
  ['Starter', 'For personal sites, portfolios and first projects.'],
  ['Business', 'For growing businesses that need more sites, storage and mail.'],
  ['Enterprise', 'For agencies and busy shops that need dedicated resources.'],
];

// [package index (0-based), price in cents, period, features]
const PRICING: [number, number, string, string][] = [
  [0, 299, 'month', '1 website\n10 GB SSD storage\nFree SSL certificate\n5 e-mail accounts\nWeekly backups'],
  [0, 2990, 'year', '1 website\n10 GB SSD storage\nFree SSL certificate\n5 e-mail accounts\nWeekly backups\n2 months free'],
  [1, 599, 'month', '10 websites\n50 GB SSD storage\nFree SSL certificate\nUnlimited e-mail accounts\nDaily backups'],
  [1, 5990, 'year', '10 websites\n50 GB SSD storage\nFree SSL certificate\nUnlimited e-mail accounts\nDaily backups\n2 months free'],
  [2, 2400, 'month', '4 vCPU VPS\n8 GB RAM\n160 GB NVMe storage\nSnapshots\nPriority support'],
  [2, 24000, 'year', '4 vCPU VPS\n8 GB RAM\n160 GB NVMe storage\nSnapshots\nPriority support\n2 months free'],
];

const MANAGER_SERVICES = [
  ['Website Design', 'Professional, mobile-friendly websites designed and built by our team, ready to edit yourself.', '/static/features/web-design.png'],
  ['Domain Registration', 'Hundreds of extensions including .com and .ng, with free DNS management and privacy.', '/static/features/domains.png'],
  ['Business E-mail', 'Mailboxes on your own domain with spam filtering, webmail and phone sync.', '/static/features/business-email.png'],
  ['SSL Certificates', 'Free automatic certificates on every plan, and validated certificates for businesses.', '/static/features/ssl.png'],
  ['Website Migration', 'We move your existing site, mail and databases to us for free, without downtime.', '/static/features/migration.png'],
  ['24/7 Support', 'Real people answering tickets around the clock, every day of the year.', '/static/features/support.png'],
];

export async function seedContent(tx: Executor, _ctx: SeedContext): Promise<void> {
  await tx.insert(services).values(SERVICES.map(({ plans: _plans, ...s }) => s));
  const planRows = SERVICES.flatMap((s) =>
    s.plans.map((pl, i) => ({ serviceId: s.id, name: pl.name, description: pl.description, priceMinor: pl.price, position: i })),
  );
  await tx.insert(hostingPlans).values(planRows);

  await tx.insert(blogPosts).values(
    POSTS.map((post) => ({
      slug: post.slug,
      title: post.title,
      content: post.content,
      image: `/static/blog/${post.slug}.jpg`,
      author: post.author,
      createdAt: new Date(post.date),
    })),
  );

  await tx.insert(policies).values([
    { kind: 'privacy', body: POLICIES.privacy },
    { kind: 'terms', body: POLICIES.terms },
    { kind: 'return', body: POLICIES.return },
  ]);
  await tx.insert(faqs).values(FAQS.map(([question, answer], i) => ({ question: question!, answer: answer!, position: i })));
  await tx
    .insert(testimonials)
    .values(TESTIMONIALS.map(([name, position, message, image], i) => ({ name: name!, position: position!, message: message!, image: image!, sort: i })));
  await tx.insert(slideImages).values(SLIDES.map(([image, alt], i) => ({ image: image!, alt: alt!, position: i })));
  const pkgRows = await tx
    .insert(packages)
    .values(PACKAGES.map(([name, description], i) => ({ name: name!, description: description!, position: i })))
    .returning({ id: packages.id });
  await tx.insert(pricingPlans).values(
    PRICING.map(([pkg, price, period, features], i) => ({
      packageId: pkgRows[pkg]!.id,
      priceMinor: price,
      billingPeriod: period,
      features,
      position: i,
    })),
  );
  await tx.insert(companyDetails).values({
    aboutUs:
      `${COMPANY.name} is a Lagos-based domain registrar and web hosting company founded in 2016. We help more than ` +
      '20,000 individuals and businesses across Africa get online with fast hosting, hundreds of domain extensions and ' +
      'support from real people, around the clock. Our servers run in Lagos and Johannesburg, close to your visitors.',
    address: COMPANY.address,
    phoneNumber: COMPANY.phone,
    email: COMPANY.email,
  });
  await tx
    .insert(managerServices)
    .values(MANAGER_SERVICES.map(([title, description, image], i) => ({ title: title!, description: description!, image: image!, position: i })));
}
