/**
 * Deterministic Greenhouse organisation: departments and offices (as trees), users, sources,
 * jobs with hiring teams and openings, and job posts. Candidates and everything hanging off them
 * are built in data-candidates.ts. Shapes follow the Harvest v1 documentation examples,
 * including their quirks (see the comments on each builder).
 */
import { DAY_MS, SEED_NOW_MS, iso, isoSeconds } from '../shared/clock.js';
import { makePeople, paragraph } from '../shared/people.js';
import { createRandom, type Random } from '../shared/random.js';
import { buildCandidates } from './data-candidates.js';
import { IdSeq, userRef } from './ids.js';
import type { GreenhouseData, Json } from './types.js';

export interface GreenhouseDataOptions {
  candidates?: number;
  applications?: number;
  jobs?: number;
  users?: number;
  /** Origin attachment URLs point at (the fake's file server), or a non-routable S3-like host. */
  fileBase: string;
  seed?: number;
}

export function buildGreenhouseData(options: GreenhouseDataOptions): GreenhouseData {
  const rng = createRandom(options.seed ?? 0x67ee);
  const data: GreenhouseData = {
    users: [],
    departments: [],
    offices: [],
    sources: [],
    jobs: [],
    jobPosts: [],
    candidates: [],
    applications: [],
    offers: [],
    scheduledInterviews: [],
    files: new Map(),
    fullContent: new Map(),
    harvestCreatedInterviews: new Set(),
  };
  buildDepartments(rng, data);
  buildOffices(rng, data);
  buildUsers(rng, data, Math.max(4, options.users ?? 20));
  buildSources(data);
  const stages = buildJobs(rng, data, Math.max(1, options.jobs ?? 12));
  buildJobPosts(rng, data);
  const candidates = Math.max(0, options.candidates ?? 120);
  buildCandidates(rng, data, {
    candidates,
    applications: Math.max(0, options.applications ?? Math.ceil(candidates * 1.3)),
    stages,
    fileBase: options.fileBase,
  });
  return data;
}

const DEPARTMENTS: Array<[string, string | null]> = [
  ['Engineering', null],
  ['Backend', 'Engineering'],
  ['Frontend', 'Engineering'],
  ['Infrastructure', 'Engineering'],
  ['Product', null],
  ['Design', 'Product'],
  ['Sales', null],
  ['People', null],
];

function buildDepartments(rng: Random, data: GreenhouseData): void {
  const ids = new IdSeq(rng, 25_800, 90);
  const byName = new Map<string, Json>();
  for (const [name, parent] of DEPARTMENTS) {
    const dept: Json = {
      id: ids.take(),
      name,
      parent_id: parent ? byName.get(parent)!.id : null,
      parent_department_external_id: null,
      child_ids: [],
      child_department_external_ids: [],
      // Not every department was synced from an HRIS: some have no external id.
      external_id: rng.chance(0.75) ? `dept-${name.toLowerCase()}` : null,
    };
    byName.set(name, dept);
    data.departments.push(dept);
  }
  linkTree(data.departments, 'parent_department_external_id', 'child_department_external_ids');
}

const OFFICES: Array<[string, string, string | null]> = [
  ['North America', 'North America', null],
  ['New York', 'New York, NY, United States', 'North America'],
  ['San Francisco', 'San Francisco, CA, United States', 'North America'],
  ['EMEA', 'Europe, Middle East and Africa', null],
  ['London', 'London, United Kingdom', 'EMEA'],
  ['Berlin', 'Berlin, Germany', 'EMEA'],
  ['Remote', 'Remote', null],
];

function buildOffices(rng: Random, data: GreenhouseData): void {
  const ids = new IdSeq(rng, 47_000, 60);
  const byName = new Map<string, Json>();
  for (const [name, location, parent] of OFFICES) {
    const office: Json = {
      id: ids.take(),
      name,
      location: { name: location },
      primary_contact_user_id: null,
      parent_id: parent ? byName.get(parent)!.id : null,
      parent_office_external_id: null,
      child_ids: [],
      child_office_external_ids: [],
      external_id: rng.chance(0.7) ? `office-${name.toLowerCase().replace(/ /g, '-')}` : null,
    };
    byName.set(name, office);
    data.offices.push(office);
  }
  linkTree(data.offices, 'parent_office_external_id', 'child_office_external_ids');
}

/** Fills child_ids / child external ids / parent external id from parent_id. */
function linkTree(rows: Json[], parentExternalKey: string, childExternalKey: string): void {
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const row of rows) {
    const parent = byId.get(row.parent_id);
    if (!parent) continue;
    row[parentExternalKey] = parent.external_id;
    (parent.child_ids as number[]).push(row.id as number);
    // Harvest lists the external ids of children, with "" for children that have none.
    (parent[childExternalKey] as string[]).push((row.external_id as string | null) ?? '');
  }
}

function buildUsers(rng: Random, data: GreenhouseData, count: number): void {
  const ids = new IdSeq(rng, 150_000, 4000);
  const people = makePeople(rng, count);
  const start = SEED_NOW_MS - 1500 * DAY_MS;
  people.forEach((person, i) => {
    const created = start + i * rng.int(5, 40) * DAY_MS + rng.int(0, DAY_MS);
    const email = `${person.handle}@acme.example.com`;
    const user: Json = {
      id: ids.take(),
      name: person.full,
      first_name: person.first,
      last_name: person.last,
      primary_email_address: email,
      updated_at: iso(Math.min(SEED_NOW_MS, created + rng.int(1, 500) * DAY_MS)),
      created_at: iso(created),
      disabled: i === count - 1,
      site_admin: i < 2,
      emails: rng.chance(0.25) ? [email, `${person.first.toLowerCase()}@acme-recruiting.example.com`] : [email],
      employee_id: rng.chance(0.7) ? String(rng.int(10000, 99999)) : null,
      linked_candidate_ids: [],
      offices: rng.sample(data.offices, rng.int(0, 2)),
      departments: rng.sample(data.departments, rng.int(0, 2)),
      // Only GET /users/{id} returns custom fields; the list view drops them (handlers.ts).
      custom_fields: { shirt_size: rng.pick(['S', 'M', 'L', null]), trained_for_interviews: rng.chance(0.7) },
      keyed_custom_fields: {},
    };
    const cf = user.custom_fields as Json;
    user.keyed_custom_fields = {
      shirt_size: { name: 'Shirt Size', type: 'single_select', value: cf.shirt_size },
      trained_for_interviews: { name: 'Trained for interviews', type: 'boolean', value: cf.trained_for_interviews },
    };
    data.users.push(user);
  });
  for (const office of data.offices) office.primary_contact_user_id = rng.chance(0.8) ? rng.pick(data.users).id : null;
}

/** Sources are org-wide; `type.name` is a display name such as "Prospecting". */
function buildSources(data: GreenhouseData): void {
  const types: Record<string, [number, string]> = {
    marketing: [1, 'Company marketing'],
    referrals: [2, 'Referrals'],
    boards: [3, 'Third-party boards'],
    events: [4, 'Attend events'],
    prospecting: [5, 'Prospecting'],
    agencies: [6, 'Agencies'],
    other: [7, 'Other'],
    social: [8, 'Social media'],
  };
  const list: Array<[number, string, string]> = [
    [2, 'Jobs page on your website', 'marketing'],
    [7, 'Referral', 'referrals'],
    [10, 'LinkedIn', 'boards'],
    [11, 'Indeed', 'boards'],
    [12, 'Meetups', 'events'],
    [13, 'Glassdoor', 'boards'],
    [16, 'LinkedIn (Prospecting)', 'prospecting'],
    [18, 'Wellfound (AngelList)', 'boards'],
    [21, 'Robert Half', 'agencies'],
    [27, 'Twitter', 'social'],
    [31, 'Hacker News: Who is hiring?', 'boards'],
    [44, 'GitHub (Prospecting)', 'prospecting'],
    [632, 'Other', 'other'],
    [928, 'Conference booth', 'events'],
  ];
  for (const [id, name, type] of list) data.sources.push({ id, name, type: { id: types[type]![0], name: types[type]![1] } });
}

// prettier-ignore
const JOB_NAMES = [
  'Senior Backend Engineer', 'Frontend Engineer', 'Site Reliability Engineer', 'Product Designer', 'Engineering Manager, Platform',
  'Account Executive, Mid-Market', 'Data Scientist', 'Technical Recruiter', 'Staff Software Engineer', 'Product Manager, Growth',
  'Security Engineer', 'Customer Success Manager', 'Solutions Architect', 'iOS Engineer', 'People Partner',
];

const STAGE_NAMES = [
  'Application Review',
  'Recruiter Phone Screen',
  'Take Home Test',
  'Technical Interview',
  'Face to Face',
  'Reference Check',
  'Offer',
];

export interface JobStages {
  /** Stage `{id, name}` pairs per job id, in pipeline order. */
  byJob: Map<number, Array<{ id: number; name: string }>>;
}

function buildJobs(rng: Random, data: GreenhouseData, count: number): JobStages {
  const ids = new IdSeq(rng, 107_000, 9000);
  const stageIds = new IdSeq(rng, 1_073_000, 3000);
  const openingIds = new IdSeq(rng, 2_586_000, 700);
  const byJob = new Map<number, Array<{ id: number; name: string }>>();
  const active = data.users.filter((u) => !u.disabled);
  const start = SEED_NOW_MS - 420 * DAY_MS;
  for (let i = 0; i < count; i++) {
    const id = ids.take();
    const created = start + i * rng.int(5, 25) * DAY_MS + rng.int(0, DAY_MS);
    const status = i % 9 === 4 ? 'closed' : i % 11 === 7 ? 'draft' : 'open';
    const office = rng.pick(data.offices.filter((o) => o.parent_id !== null || o.name === 'Remote'));
    const dept = rng.pick(data.departments);
    const name = JOB_NAMES[i % JOB_NAMES.length]! + (i >= JOB_NAMES.length ? ` - ${office.name}` : '');
    const openingsCount = rng.int(1, 3);
    const openings: Json[] = [];
    for (let o = 0; o < openingsCount; o++) {
      const closed = status === 'closed' || (o === 0 && rng.chance(0.3));
      openings.push({
        id: openingIds.take(),
        opening_id: rng.chance(0.85) ? `${i + 1}-${o + 1}` : null,
        status: closed ? 'closed' : 'open',
        opened_at: iso(created + DAY_MS),
        closed_at: closed ? iso(Math.min(SEED_NOW_MS, created + rng.int(30, 200) * DAY_MS)) : null,
        application_id: null,
        close_reason: closed ? { id: rng.pick([678, 689]), name: rng.pick(['Hired', 'Hired - Backfill']) } : null,
      });
    }
    const recruiters = rng.sample(active, 2);
    const coordinators = rng.sample(active, 2);
    const job: Json = {
      id,
      name,
      requisition_id: rng.chance(0.8) ? `REQ-${1000 + i * 7}` : null,
      notes: rng.chance(0.4) ? `<p>${paragraph(rng, 1)}</p>` : null,
      confidential: i === 5,
      status,
      // Jobs (and job posts) render timestamps without milliseconds, unlike most other resources.
      created_at: isoSeconds(created),
      opened_at: status === 'draft' ? null : isoSeconds(created + DAY_MS),
      closed_at: status === 'closed' ? isoSeconds(Math.min(SEED_NOW_MS, created + 150 * DAY_MS)) : null,
      updated_at: isoSeconds(Math.min(SEED_NOW_MS, created + rng.int(1, 300) * DAY_MS)),
      is_template: rng.chance(0.1) ? null : false,
      copied_from_id: i > 3 && rng.chance(0.2) ? (data.jobs[0]!.id as number) : null,
      // Departments/offices embedded in a job are a smaller shape than /departments and /offices return.
      departments: [{ id: dept.id, name: dept.name, parent_id: dept.parent_id, child_ids: dept.child_ids, external_id: dept.external_id }],
      offices: [
        {
          id: office.id,
          name: office.name,
          location: office.location,
          primary_contact_user_id: office.primary_contact_user_id,
          parent_id: office.parent_id,
          child_ids: office.child_ids,
          external_id: office.external_id,
        },
      ],
      custom_fields: {
        employment_type: rng.pick(['Full-Time', 'Full-Time', 'Part-Time', 'Contractor']),
        salary_range: {
          min_value: rng.int(8, 14) * 10000,
          max_value: rng.int(15, 24) * 10000,
          unit: rng.pick(['USD', 'USD', 'EUR', 'GBP']),
        },
        remote_friendly: rng.chance(0.6),
      },
      keyed_custom_fields: {},
      hiring_team: {
        hiring_managers: rng.sample(active, rng.int(1, 2)).map(userRef),
        recruiters: recruiters.map((u, k) => ({ ...userRef(u), responsible: k === 0 })),
        coordinators: coordinators.map((u, k) => ({ ...userRef(u), responsible: k === 0 })),
        sourcers: rng.sample(active, rng.int(0, 1)).map(userRef),
      },
      openings,
    };
    const cf = job.custom_fields as Json;
    job.keyed_custom_fields = {
      employment_type: { name: 'Employment Type', type: 'single_select', value: cf.employment_type },
      salary_range: { name: 'Salary Range', type: 'currency_range', value: cf.salary_range },
      remote_friendly: { name: 'Remote Friendly', type: 'boolean', value: cf.remote_friendly },
    };
    data.jobs.push(job);
    byJob.set(
      id,
      STAGE_NAMES.map((stage) => ({ id: stageIds.take(), name: stage })),
    );
  }
  return { byJob };
}

const QUESTIONS: Json[] = [
  { required: true, private: false, label: 'First Name', name: 'first_name', type: 'short_text', values: [], description: null },
  { required: true, private: false, label: 'Last Name', name: 'last_name', type: 'short_text', values: [], description: null },
  { required: true, private: false, label: 'Email', name: 'email', type: 'short_text', values: [], description: null },
  { required: false, private: false, label: 'Phone', name: 'phone', type: 'short_text', values: [], description: null },
  { required: true, private: false, label: 'Resume', name: 'resume', type: 'attachment', values: [], description: null },
  { required: false, private: false, label: 'Cover Letter', name: 'cover_letter', type: 'attachment', values: [], description: null },
  {
    required: false,
    private: false,
    label: 'Have you ever worked for our organization before?',
    name: 'question_234567',
    type: 'boolean',
    values: [
      { value: 0, label: 'No' },
      { value: 1, label: 'Yes' },
    ],
    description: '<p>Please select Yes or No.</p>',
  },
  { required: true, private: false, label: 'LinkedIn Profile', name: 'question_45678', type: 'short_text', values: [], description: null },
];

function buildJobPosts(rng: Random, data: GreenhouseData): void {
  const ids = new IdSeq(rng, 4_000_000, 20_000);
  const locationIds = new IdSeq(rng, 123_000, 500);
  const add = (job: Json | null, internal: boolean, active: boolean): void => {
    const office = job ? ((job.offices as Json[])[0] as Json) : null;
    const created = job ? Date.parse(job.created_at as string) + DAY_MS : SEED_NOW_MS - 300 * DAY_MS;
    const live = active && (job === null || job.status === 'open') && rng.chance(0.85);
    const title = job ? (job.name as string) : 'Join our talent community';
    const id = ids.take();
    const content = `<p>${paragraph(rng, 2)}</p><h3>What you'll do</h3><ul><li>${paragraph(rng, 1)}</li></ul>`;
    const internalContent = internal ? `<p>Internal applicants: talk to your manager first.</p>${content}` : null;
    data.jobPosts.push({
      id,
      title,
      location: {
        id: locationIds.take(),
        name: office ? ((office.location as Json).name as string) : 'Remote',
        office_id: office ? office.id : null,
        job_post_custom_location_id: office ? null : locationIds.take(),
        job_post_location_type: office ? { id: 2, name: 'Office' } : { id: 1, name: 'Free Text' },
      },
      internal,
      external: !internal,
      active,
      live,
      first_published_at: live ? isoSeconds(created + DAY_MS) : null,
      job_id: job ? job.id : null,
      content: internal ? null : content,
      internal_content: internalContent,
      updated_at: isoSeconds(Math.min(SEED_NOW_MS, created + rng.int(1, 200) * DAY_MS)),
      created_at: isoSeconds(created),
      demographic_question_set_id: rng.chance(0.5) ? 999 : null,
      questions: QUESTIONS,
    });
    // full_content=true adds the board intro/conclusion and the pay range around the description.
    const wrap = (html: string | null) =>
      html === null
        ? null
        : `<div class="content-intro"><p>Acme builds the rails for modern software teams.</p></div>${html}<div class="content-pay-transparency"><p>$140,000 - $185,000 USD</p></div><div class="content-conclusion"><p>Acme is an equal opportunity employer.</p></div>`;
    data.fullContent.set(id, { content: internal ? null : wrap(content), internal_content: wrap(internalContent) });
  };
  data.jobs.forEach((job, i) => {
    add(job, false, i !== 3); // one deleted (inactive) post
    if (i % 3 === 0) add(job, true, true);
  });
  add(null, false, true); // prospect post: job_id null
}
