/**
 * Candidates, their applications (candidates and prospects), attachments, offers and scheduled
 * interviews. Candidate records embed their applications and aggregate all application
 * attachments, as Harvest does since 2020-09.
 */
import { DAY_MS, SEED_NOW_MS, iso, isoDate } from '../shared/clock.js';
import { CITIES, COMPANIES, JOB_TITLES, makePeople, type Person } from '../shared/people.js';
import type { Random } from '../shared/random.js';
import type { JobStages } from './data.js';
import { IdSeq, userRef } from './ids.js';
import type { GhFile, GreenhouseData, Json } from './types.js';

interface Plan {
  candidates: number;
  applications: number;
  stages: JobStages;
  fileBase: string;
}

const REJECTION_REASONS = [
  { id: 9504, name: 'Hired another candidate', type: { id: 1, name: 'We rejected them' } },
  { id: 9505, name: 'Lacking skill(s)/qualification(s)', type: { id: 1, name: 'We rejected them' } },
  { id: 9510, name: 'Compensation', type: { id: 2, name: 'They rejected us' } },
  { id: 9512, name: 'Went with another offer', type: { id: 2, name: 'They rejected us' } },
  { id: 9520, name: 'Unresponsive', type: { id: 3, name: 'None specified' } },
];

const SCHOOLS = [
  'University of Michigan - Ann Arbor',
  'Universidade de Lisboa',
  'Technische Universität Berlin',
  'Georgia Institute of Technology',
  'University of Toronto',
];
const DEGREES = ["Bachelor's Degree", "Master's Degree", 'Doctor of Philosophy (Ph.D.)', 'Associate’s Degree'];
const DISCIPLINES = ['Computer Science', 'Mathematics', 'Graphic Design', 'Economics', 'Electrical Engineering'];

export function buildCandidates(rng: Random, data: GreenhouseData, plan: Plan): void {
  const candidateIds = new IdSeq(rng, 40_000_000, 90_000);
  const applicationIds = new IdSeq(rng, 60_000_000, 90_000);
  const fileIds = new IdSeq(rng, 310_000_000, 5_000);
  const people = makePeople(rng, plan.candidates);
  const activeUsers = data.users.filter((u) => !u.disabled);
  const openJobs = data.jobs.filter((j) => j.status !== 'draft');
  const span = 365 * DAY_MS;

  // Spread the applications: one each first, the rest to random candidates (at most 3 each).
  const appsPer = new Array<number>(plan.candidates).fill(0);
  for (let a = 0; a < plan.applications && plan.candidates > 0; a++) {
    if (a < plan.candidates) appsPer[a] = 1;
    else {
      const c = rng.int(0, plan.candidates - 1);
      if (appsPer[c]! < 3) appsPer[c]! += 1;
      else appsPer[appsPer.indexOf(Math.min(...appsPer))]! += 1;
    }
  }

  for (let c = 0; c < plan.candidates; c++) {
    const person = people[c]!;
    const created = SEED_NOW_MS - span + Math.floor(((c + 0.5) / plan.candidates) * (span - 3 * DAY_MS)) + rng.int(0, 3600_000);
    const candidateId = candidateIds.take();
    const applications: Json[] = [];
    const attachments: Json[] = [];
    let t = created;
    for (let k = 0; k < appsPer[c]!; k++) {
      const app = buildApplication(rng, data, plan, {
        candidateId,
        person,
        appliedMs: t,
        applicationIds,
        fileIds,
        activeUsers,
        openJobs,
        forceBig: c === 0 && k === 0,
      });
      applications.push(app);
      attachments.push(...(app.attachments as Json[]));
      t += rng.int(2, 60) * DAY_MS;
    }
    const lastActivity = applications.reduce((max, a) => Math.max(max, Date.parse(a.last_activity_at as string)), created);
    const first = applications[0];
    const company = rng.pick(COMPANIES);
    const city = rng.pick(CITIES);
    const candidate: Json = {
      id: candidateId,
      first_name: person.first,
      last_name: person.last,
      company: rng.chance(0.85) ? company : null,
      title: rng.chance(0.85) ? rng.pick(JOB_TITLES) : null,
      created_at: iso(created),
      updated_at: iso(Math.min(SEED_NOW_MS, lastActivity + rng.int(0, 3600_000))),
      last_activity: iso(lastActivity),
      is_private: c % 40 === 17,
      // Harvest removed candidate photos; the key stays and is always null.
      photo_url: null,
      attachments,
      application_ids: applications.map((a) => a.id),
      phone_numbers: rng.chance(0.8)
        ? [{ value: `+1 ${rng.int(200, 989)}-${rng.int(200, 989)}-${rng.int(1000, 9999)}`, type: rng.pick(['mobile', 'home', 'work']) }]
        : [],
      addresses: rng.chance(0.4) ? [{ value: `${rng.int(1, 999)} Main Street\n${city.city}, ${city.region}`, type: 'home' }] : [],
      email_addresses: [
        { value: `${person.handle}@example.com`, type: 'personal' },
        ...(rng.chance(0.3)
          ? [{ value: `${person.handle}@${company.toLowerCase().replace(/[^a-z]/g, '')}.example.com`, type: 'work' }]
          : []),
      ],
      website_addresses: rng.chance(0.3) ? [{ value: `${person.handle.replace('.', '')}.dev`, type: 'personal' }] : [],
      social_media_addresses: rng.chance(0.5) ? [{ value: `linkedin.com/in/${person.handle.replace('.', '-')}` }] : [],
      recruiter: first ? first.recruiter : null,
      coordinator: first ? first.coordinator : null,
      can_email: rng.chance(0.95),
      tags: rng.sample(['Python', 'Go', 'TypeScript', 'Kubernetes', 'Referral', 'Boomerang', 'Silver medalist'], rng.int(0, 3)),
      // Candidate records embed applications without their custom fields.
      applications: applications.map(({ custom_fields: _cf, keyed_custom_fields: _kcf, ...rest }) => rest),
      educations: rng.chance(0.7)
        ? [
            {
              id: rng.int(500_000, 999_999),
              school_name: rng.pick(SCHOOLS),
              degree: rng.pick(DEGREES),
              discipline: rng.pick(DISCIPLINES),
              start_date: `${rng.int(2005, 2016)}-09-01T00:00:00.000Z`,
              end_date: rng.chance(0.9) ? `${rng.int(2017, 2022)}-06-15T00:00:00.000Z` : null,
            },
          ]
        : [],
      employments: rng.chance(0.8)
        ? [
            {
              id: rng.int(8_000_000, 8_999_999),
              company_name: company,
              title: rng.pick(JOB_TITLES),
              start_date: `${rng.int(2015, 2021)}-0${rng.int(1, 9)}-01T00:00:00.000Z`,
              end_date: rng.chance(0.5) ? null : `${rng.int(2022, 2024)}-0${rng.int(1, 5)}-01T00:00:00.000Z`,
            },
          ]
        : [],
      linked_user_ids: [],
      custom_fields: {
        desired_salary: rng.chance(0.5) ? String(rng.int(9, 22) * 10000) : null,
        work_remotely: rng.chance(0.5),
        graduation_year: rng.chance(0.4) ? String(rng.int(2010, 2024)) : null,
      },
      keyed_custom_fields: {},
    };
    const cf = candidate.custom_fields as Json;
    candidate.keyed_custom_fields = {
      desired_salary: { name: 'Desired Salary', type: 'short_text', value: cf.desired_salary },
      work_remotely: { name: 'Work Remotely', type: 'boolean', value: cf.work_remotely },
      graduation_year_1: { name: 'Graduation Year', type: 'single_select', value: cf.graduation_year },
    };
    data.candidates.push(candidate);
    data.applications.push(...applications);
  }
  // An internal applicant: candidate linked to a Greenhouse user.
  if (data.candidates.length > 5 && data.users.length > 3) {
    const cand = data.candidates[5]!;
    const user = data.users[3]!;
    (cand.linked_user_ids as number[]).push(user.id as number);
    (user.linked_candidate_ids as number[]).push(cand.id as number);
  }
  data.applications.sort((a, b) => (a.id as number) - (b.id as number));
  buildOffers(rng, data);
  buildInterviews(rng, data, activeUsers);
}

interface AppArgs {
  candidateId: number;
  person: Person;
  appliedMs: number;
  applicationIds: IdSeq;
  fileIds: IdSeq;
  activeUsers: Json[];
  openJobs: Json[];
  forceBig: boolean;
}

function buildApplication(rng: Random, data: GreenhouseData, plan: Plan, a: AppArgs): Json {
  const prospect = !a.forceBig && rng.chance(0.08);
  const job = rng.pick(a.openJobs.length ? a.openJobs : data.jobs);
  const stages = plan.stages.byJob.get(job.id as number)!;
  const roll = rng.next();
  const status = prospect
    ? 'active'
    : a.forceBig
      ? 'active'
      : roll < 0.55
        ? 'active'
        : roll < 0.88
          ? 'rejected'
          : roll < 0.97
            ? 'hired'
            : 'converted';
  const stageIndex = a.forceBig ? 2 : status === 'hired' ? stages.length - 1 : rng.int(0, stages.length - 2);
  const applied = Math.min(a.appliedMs, SEED_NOW_MS - DAY_MS);
  const lastActivity = Math.min(SEED_NOW_MS - 3600_000, applied + rng.int(0, 40) * DAY_MS + rng.int(0, DAY_MS));
  const source = rng.pick(data.sources);
  const credited = rng.chance(0.85) ? userRef(rng.pick(a.activeUsers)) : null;
  const recruiter = rng.chance(0.8) ? userRef(rng.pick(a.activeUsers)) : null;
  const coordinator = rng.chance(0.6) ? userRef(rng.pick(a.activeUsers)) : null;
  const rejected = status === 'rejected';
  const id = a.applicationIds.take();
  const name = `${a.person.first}_${a.person.last}`.replace(/[^\p{L}\p{N}_]/gu, '');
  const files: Array<[string, string, string, number]> = [];
  // Resumes are mostly PDFs, some Word documents; a few candidates upload nothing.
  if (!prospect || rng.chance(0.5)) {
    files.push(
      rng.chance(0.8)
        ? ['resume', `${name}_Resume.pdf`, 'application/pdf', rng.int(40_000, 400_000)]
        : ['resume', `${name} CV.docx`, DOCX, rng.int(15_000, 90_000)],
    );
  }
  if (!prospect && rng.chance(0.35)) files.push(['cover_letter', `${name}_Cover_Letter.pdf`, 'application/pdf', rng.int(12_000, 80_000)]);
  if (a.forceBig || (stageIndex >= 2 && rng.chance(0.5))) {
    files.push([
      'take_home_test',
      `${name}_take_home.zip`,
      'application/zip',
      a.forceBig ? 1_572_864 + 12_345 : rng.int(200_000, 3_500_000),
    ]);
  }
  if (status === 'hired') {
    files.push([
      'offer_packet',
      `${name}_Offer_Packet_${isoDate(lastActivity).replace(/-/g, '_')}.pdf`,
      'application/pdf',
      rng.int(150_000, 1_300_000),
    ]);
    files.push(['signed_offer_letter', `${name}_Signed_Offer.pdf`, 'application/pdf', rng.int(80_000, 300_000)]);
  }
  const attachments = files.map(([type, filename, contentType, size], k) =>
    attachment(rng, data, plan.fileBase, a.fileIds.take(), filename, contentType, size, type, applied + k * 60_000),
  );
  const app: Json = {
    id,
    candidate_id: a.candidateId,
    prospect,
    applied_at: iso(applied),
    rejected_at: rejected ? iso(lastActivity) : null,
    last_activity_at: iso(lastActivity),
    location: rng.chance(0.6) ? { address: cityAddress(rng.pick(CITIES)) } : null,
    // Greenhouse answers `source: null` for an application created without one (source_id is
    // optional on POST /candidates/{id}/applications, harvest-docs-md/_applications.md); every
    // ninth application here has none. Decided by the id so the seeded data stays as it was.
    source: id % 9 === 0 ? null : { id: source.id, public_name: source.name },
    credited_to: credited,
    recruiter,
    coordinator,
    rejection_reason: rejected ? rng.pick(REJECTION_REASONS) : null,
    rejection_details: rejected
      ? {
          custom_fields: { custom_rejection_question_field: null },
          keyed_custom_fields: {
            custom_rejection_question_field: { name: 'Custom Rejection Question Field', type: 'short_text', value: null },
          },
        }
      : null,
    // Prospects may not be attached to a job yet.
    jobs: prospect && rng.chance(0.5) ? [] : [{ id: job.id, name: job.name }],
    job_post_id: prospect ? null : ((data.jobPosts.find((p) => p.job_id === job.id)?.id as number | undefined) ?? null),
    status,
    current_stage: prospect ? null : stages[stageIndex],
    answers: prospect
      ? []
      : [
          { question: 'How did you hear about this job?', answer: source.name },
          ...(rng.chance(0.5)
            ? [{ question: 'LinkedIn Profile', answer: `https://linkedin.com/in/${a.person.handle.replace('.', '-')}` }]
            : []),
        ],
    prospective_office: prospect && rng.chance(0.5) ? rng.pick(data.offices) : null,
    prospective_department: prospect && rng.chance(0.5) ? rng.pick(data.departments) : null,
    prospect_detail: prospect
      ? {
          prospect_pool: { id: 221, name: 'Future engineering leads' },
          prospect_stage: { id: 881, name: 'Contacted' },
          prospect_owner: recruiter ? { id: recruiter.id, name: recruiter.name } : null,
        }
      : { prospect_pool: null, prospect_stage: null, prospect_owner: null },
    custom_fields: { application_custom_test: rng.chance(0.5) ? rng.pick(['Option 1', 'Option 2']) : null },
    keyed_custom_fields: {},
    attachments,
  };
  const cf = app.custom_fields as Json;
  app.keyed_custom_fields = {
    application_custom_test: { name: 'Application Custom Test', type: 'single_select', value: cf.application_custom_test },
  };
  return app;
}

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

function cityAddress(c: (typeof CITIES)[number]): string {
  return c.city === c.region ? `${c.city}, ${c.country}` : `${c.city}, ${c.region}, ${c.country}`;
}

function attachment(
  rng: Random,
  data: GreenhouseData,
  base: string,
  id: number,
  filename: string,
  contentType: string,
  size: number,
  type: string,
  createdMs: number,
): Json {
  const file: GhFile = { id: String(id), filename, contentType, size, signature: rng.hex(64), lastModifiedMs: createdMs };
  data.files.set(file.id, file);
  return { filename, url: signedUrl(base, file), type, created_at: iso(createdMs) };
}

/** A pre-signed S3-style URL: the whole authorisation lives in the query string. */
export function signedUrl(base: string, file: GhFile): string {
  const date = new Date(SEED_NOW_MS)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const query = new URLSearchParams({
    'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    'X-Amz-Credential': `AKIAQ3EGRFAKEEXAMPLE/${date.slice(0, 8)}/us-east-1/s3/aws4_request`,
    'X-Amz-Date': date,
    'X-Amz-Expires': '604800',
    'X-Amz-SignedHeaders': 'host',
    'X-Amz-Signature': file.signature,
  });
  return `${base}/files/${file.id}/${encodeURIComponent(file.filename)}?${query.toString()}`;
}

function buildOffers(rng: Random, data: GreenhouseData): void {
  const ids = new IdSeq(rng, 1_140_000, 3000);
  for (const app of data.applications) {
    const stage = app.current_stage as Json | null;
    const atOffer = stage?.name === 'Offer' || app.status === 'hired';
    if (!atOffer && !(app.status === 'rejected' && rng.chance(0.05))) continue;
    const job = (app.jobs as Json[])[0];
    if (!job) continue;
    const jobRecord = data.jobs.find((j) => j.id === job.id)!;
    const opening = (jobRecord.openings as Json[])[0] ?? null;
    const created = Date.parse(app.last_activity_at as string) - rng.int(3, 10) * DAY_MS;
    const versions = rng.chance(0.3) ? 2 : 1;
    for (let v = 1; v <= versions; v++) {
      const latest = v === versions;
      const status = !latest ? 'deprecated' : app.status === 'hired' ? 'accepted' : app.status === 'rejected' ? 'rejected' : 'unresolved';
      const createdAt = created + (v - 1) * 2 * DAY_MS;
      const resolved = status === 'accepted' || status === 'rejected' ? createdAt + rng.int(1, 5) * DAY_MS : null;
      const starts = createdAt + rng.int(20, 45) * DAY_MS;
      const salary = `${rng.int(10, 20) * 10}k`;
      data.offers.push({
        id: ids.take(),
        version: v,
        application_id: app.id,
        job_id: job.id,
        candidate_id: app.candidate_id,
        opening,
        created_at: iso(createdAt),
        updated_at: iso(Math.min(SEED_NOW_MS, resolved ?? createdAt + 3600_000)),
        // sent_at and starts_at are plain dates, resolved_at a timestamp.
        sent_at: rng.chance(0.8) ? isoDate(createdAt + DAY_MS) : null,
        resolved_at: resolved === null ? null : iso(Math.min(SEED_NOW_MS, resolved)),
        starts_at: isoDate(starts),
        status,
        custom_fields: { employment_type: 'Full-Time', salary: `Around $${salary}`, willing_to_negotiate: null },
        keyed_custom_fields: {
          employment_type: { name: 'Employment Type', type: 'single_select', value: 'Full-Time' },
          salary: { name: 'Salary', type: 'short_text', value: `Around $${salary}` },
          will_negotiate: { name: 'Willing to negotiate', type: 'yes_no', value: null },
        },
      });
    }
  }
}

const INTERVIEWS = [
  { id: 7001, name: 'Recruiter Phone Screen' },
  { id: 7002, name: 'Technical Interview' },
  { id: 7003, name: 'System Design' },
  { id: 7004, name: 'Culture Fit' },
  { id: 7005, name: 'Hiring Manager Chat' },
];

function buildInterviews(rng: Random, data: GreenhouseData, users: Json[]): void {
  const ids = new IdSeq(rng, 91_280_000, 4000);
  const scorecards = new IdSeq(rng, 11_000, 300);
  for (const app of data.applications) {
    const stage = app.current_stage as Json | null;
    if (!stage || stage.name === 'Application Review') continue;
    const count = rng.int(1, 3);
    const applied = Date.parse(app.applied_at as string);
    for (let k = 0; k < count; k++) {
      // Active applications get an interview in the next two weeks now and then.
      const upcoming = app.status === 'active' && k === count - 1 && rng.chance(0.4);
      let startMs = upcoming
        ? SEED_NOW_MS + rng.int(1, 14) * DAY_MS + rng.int(8, 17) * 3600_000
        : applied + (k + 1) * rng.int(2, 6) * DAY_MS + rng.int(8, 17) * 3600_000;
      // Closed applications (rejected/hired) have no interviews after their last activity.
      if (app.status !== 'active')
        startMs = Math.max(applied + 3600_000, Math.min(startMs, Date.parse(app.last_activity_at as string) - 3600_000));
      const allDay = rng.chance(0.05);
      const status = startMs > SEED_NOW_MS ? 'scheduled' : SEED_NOW_MS - startMs < 3 * DAY_MS ? 'awaiting_feedback' : 'complete';
      const panel = rng.sample(users, rng.int(1, 3));
      const organizer = rng.pick(users);
      const id = ids.take();
      data.scheduledInterviews.push({
        id,
        application_id: app.id,
        external_event_id: rng.chance(0.85) ? rng.chars('abcdefghijklmnopqrstuv0123456789', 26) : null,
        // All-day interviews carry `date` instead of `date_time`.
        start: allDay ? { date: isoDate(startMs) } : { date_time: iso(startMs) },
        end: allDay ? { date: isoDate(startMs + DAY_MS) } : { date_time: iso(startMs + rng.pick([30, 45, 60]) * 60_000) },
        location: rng.chance(0.5) ? rng.pick(['Big Conference Room', 'Zoom', 'Room 4.12 "Lovelace"']) : null,
        video_conferencing_url: rng.chance(0.6) ? `https://acme.zoom.us/j/${rng.int(1e9, 9e9)}` : null,
        status,
        created_at: iso(Math.max(applied, Math.min(startMs, SEED_NOW_MS) - rng.int(2, 7) * DAY_MS)),
        updated_at: iso(Math.min(SEED_NOW_MS, startMs + (status === 'complete' ? DAY_MS : 0))),
        interview: rng.pick(INTERVIEWS),
        organizer: userRef(organizer),
        interviewers: panel.map((u) => ({
          id: u.id,
          employee_id: u.employee_id,
          name: u.name,
          email: u.primary_email_address,
          response_status: status === 'scheduled' ? rng.pick(['needs_action', 'accepted', 'tentative', 'declined']) : 'accepted',
          scorecard_id: status === 'complete' ? scorecards.take() : null,
        })),
      });
      if (rng.chance(0.3)) data.harvestCreatedInterviews.add(id);
    }
  }
  data.scheduledInterviews.sort((a, b) => (a.id as number) - (b.id as number));
}
