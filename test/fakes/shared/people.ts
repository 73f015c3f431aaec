/**
 * Word pools for plausible people, places and chatter. Kept small and international on purpose:
 * accents and apostrophes (José, O'Brien, Zoë) catch encoding and escaping bugs early.
 */
import type { Random } from './random.js';

// prettier-ignore
export const FIRST_NAMES = [
  'Maria', 'James', 'Aisha', 'Wei', 'Sofia', 'Liam', 'Priya', 'Mateo', 'Yuki', 'Olivia',
  'Noah', 'Fatima', 'Lucas', 'Chloé', 'Daniel', 'Ingrid', 'Kwame', 'Hannah', 'Arjun', 'Elena',
  'Tomás', 'Grace', 'Omar', 'Zoë', 'Ethan', 'Mei', 'Jonas', 'Amara', 'Diego', 'Sara',
  'Ravi', 'Emma', 'Kenji', 'Leila', 'Marcus', 'Nadia', 'Felix', 'Ana', 'Samuel', 'Ines',
] as const;

// prettier-ignore
export const LAST_NAMES = [
  'Garcia', 'Smith', 'Okafor', 'Chen', 'Rossi', "O'Brien", 'Patel', 'Fernández', 'Tanaka', 'Müller',
  'Johnson', 'Haddad', 'Silva', 'Dubois', 'Kim', 'Larsen', 'Mensah', 'Schmidt', 'Sharma', 'Popescu',
  'Novak', 'Walker', 'Nguyen', 'Bianchi', 'Andersson', 'Costa', 'Ibrahim', 'Kowalski', 'Moreau', 'Reyes',
] as const;

// prettier-ignore
export const JOB_TITLES = [
  'Software Engineer', 'Senior Software Engineer', 'Staff Engineer', 'Engineering Manager', 'Product Manager',
  'Product Designer', 'Data Scientist', 'Site Reliability Engineer', 'Support Specialist', 'Account Executive',
  'Recruiter', 'Technical Writer', 'QA Engineer', 'Solutions Architect', 'Customer Success Manager',
] as const;

// prettier-ignore
export const COMPANIES = [
  'Northwind Traders', 'Globex', 'Initech', 'Umbrella Health', 'Stark Logistics', 'Hooli', 'Vandelay Industries',
  'Wayne Analytics', 'Acme Robotics', 'Soylent Foods', 'Tyrell Systems', 'Cyberdyne Cloud', 'Wonka Labs',
] as const;

/** IANA zone, Slack-style label and offset in seconds (northern summer, as Slack reports it). */
export const TIMEZONES = [
  { tz: 'America/Los_Angeles', label: 'Pacific Daylight Time', offset: -25200 },
  { tz: 'America/New_York', label: 'Eastern Daylight Time', offset: -14400 },
  { tz: 'America/Sao_Paulo', label: 'Brasilia Time', offset: -10800 },
  { tz: 'Europe/London', label: 'British Summer Time', offset: 3600 },
  { tz: 'Europe/Berlin', label: 'Central European Summer Time', offset: 7200 },
  { tz: 'Africa/Lagos', label: 'West Africa Standard Time', offset: 3600 },
  { tz: 'Asia/Kolkata', label: 'India Standard Time', offset: 19800 },
  { tz: 'Asia/Tokyo', label: 'Japan Standard Time', offset: 32400 },
  { tz: 'Australia/Sydney', label: 'Australian Eastern Standard Time', offset: 36000 },
] as const;

export const CITIES = [
  { city: 'New York', region: 'New York', country: 'United States' },
  { city: 'San Francisco', region: 'California', country: 'United States' },
  { city: 'Austin', region: 'Texas', country: 'United States' },
  { city: 'Toronto', region: 'Ontario', country: 'Canada' },
  { city: 'London', region: 'England', country: 'United Kingdom' },
  { city: 'Berlin', region: 'Berlin', country: 'Germany' },
  { city: 'Lisbon', region: 'Lisbon', country: 'Portugal' },
  { city: 'Bangalore', region: 'Karnataka', country: 'India' },
  { city: 'Singapore', region: 'Singapore', country: 'Singapore' },
  { city: 'Sydney', region: 'New South Wales', country: 'Australia' },
] as const;

export interface Person {
  first: string;
  last: string;
  full: string;
  /** ASCII handle such as `maria.garcia` (accents folded, apostrophes dropped). */
  handle: string;
}

/** Distinct people: the handle gets a numeric suffix on collision so emails stay unique. */
export function makePeople(rng: Random, count: number): Person[] {
  const seen = new Map<string, number>();
  const out: Person[] = [];
  for (let i = 0; i < count; i++) {
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    const base = `${ascii(first)}.${ascii(last)}`;
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.push({ first, last, full: `${first} ${last}`, handle: n === 0 ? base : `${base}${n + 1}` });
  }
  return out;
}

export function ascii(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]/g, '')
    .toLowerCase();
}

export function slugify(text: string, max = 60): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/, '');
}

/** Short engineering-flavoured sentences for messages, issue descriptions and comments. */
export const SENTENCES = [
  'Deploy to staging finished, smoke tests are green.',
  'Can someone take a look at the flaky checkout test?',
  'I pushed a fix for the timezone bug in the scheduler.',
  'Heads up: the billing export job is running late tonight.',
  'Customer reported that CSV exports drop the last row.',
  'We should bump the retry budget before the launch.',
  'The p95 latency on /search went from 180ms to 420ms after the index change.',
  'Pairing on the migration after lunch if anyone wants to join.',
  'Reminder: design review moved to Thursday 15:00 UTC.',
  'Looks like the webhook signature check fails when the body has a BOM.',
  'Merged the pagination refactor, please rebase your branches.',
  'Rolling back 2024.05.2 — error rate doubled in eu-west-1.',
  'Added dashboards for queue depth and consumer lag.',
  'Does anyone know who owns the legacy SFTP importer?',
  'The new onboarding flow shipped to 10% of workspaces.',
  "Postgres vacuum is blocked again; I'll kill the long-running report query.",
  'Quarterly access review is due Friday — please check your groups.',
  'Found the leak: we never closed the gRPC channel on shutdown.',
  'Can we get a second reviewer on the auth middleware PR?',
  'Incident retro notes are in the doc, action items assigned.',
] as const;

export const ISSUE_TITLES = [
  'Checkout fails when coupon code has trailing whitespace',
  'Add retry with backoff to webhook delivery',
  'Search results ignore archived filter',
  'Migrate session store to Redis cluster',
  'CSV export drops last row for large accounts',
  'Rate limiter counts OPTIONS preflight requests',
  'Support SSO login via Okta SCIM groups',
  'Dark mode contrast on settings page',
  'Memory leak in notification worker',
  'Timezone offset wrong for Australia/Lord_Howe',
  'Paginate audit log API',
  'Crash when uploading HEIC images on Android',
  'Improve empty state for projects list',
  'Remove deprecated v1 billing endpoints',
  'Flaky test: OrderServiceSpec › refunds partial',
  'Document OAuth token refresh flow',
  'Slow query on invoices by customer_id',
  'Add Spanish (es-MX) translations',
  'Webhook signature check fails with BOM in body',
  'Bulk-edit labels from the issue list',
] as const;

export function sentence(rng: Random): string {
  return rng.pick(SENTENCES);
}

export function paragraph(rng: Random, sentences = 3): string {
  return rng.sample(SENTENCES, sentences).join(' ');
}
