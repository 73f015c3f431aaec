/**
 * LINEAR_FAKE_SDL must stay a faithful subset of Linear's published schema: same type kinds,
 * field and argument types, enum values and input fields, and no required argument or input
 * field dropped — so any document the fake accepts is one Linear accepts too.
 *
 * Reads the official SDL from the shared vendor-specs folder (test/support/vendor-specs.ts:
 * `../shared/vendor-specs` or `SWITCHYARD_VENDOR_SPECS`) and skips with a message when absent.
 *
 * @module-tag connector/issue-tracker
 */
import { readFileSync } from 'node:fs';
import {
  buildSchema,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isNonNullType,
  isObjectType,
  isScalarType,
  parse,
  validate,
  type GraphQLNamedType,
  type GraphQLSchema,
} from 'graphql';
import { expect, it } from 'vitest';
import { describeWithVendorSpec } from '../support/vendor-specs.js';
import { LINEAR_FAKE_SDL } from '../fakes/linear.js';

const kindOf = (t: GraphQLNamedType) =>
  isObjectType(t)
    ? 'object'
    : isInterfaceType(t)
      ? 'interface'
      : isInputObjectType(t)
        ? 'input'
        : isEnumType(t)
          ? 'enum'
          : isScalarType(t)
            ? 'scalar'
            : 'union';

function differences(fake: GraphQLSchema, official: GraphQLSchema): string[] {
  const problems: string[] = [];
  for (const type of Object.values(fake.getTypeMap())) {
    if (type.name.startsWith('__')) continue;
    const real = official.getType(type.name);
    if (!real) {
      problems.push(`type ${type.name} does not exist upstream`);
      continue;
    }
    if (kindOf(real) !== kindOf(type)) problems.push(`${type.name}: ${kindOf(type)} here, ${kindOf(real)} upstream`);
    if (isEnumType(type) && isEnumType(real)) {
      for (const v of type.getValues()) if (!real.getValue(v.name)) problems.push(`enum ${type.name}.${v.name} does not exist upstream`);
    }
    if ((isObjectType(type) || isInterfaceType(type)) && (isObjectType(real) || isInterfaceType(real))) {
      const realFields = real.getFields();
      for (const field of Object.values(type.getFields())) {
        const rf = realFields[field.name];
        if (!rf) {
          problems.push(`${type.name}.${field.name} does not exist upstream`);
          continue;
        }
        if (String(rf.type) !== String(field.type)) problems.push(`${type.name}.${field.name}: ${field.type} here, ${rf.type} upstream`);
        for (const arg of field.args) {
          const ra = rf.args.find((a) => a.name === arg.name);
          if (!ra) problems.push(`${type.name}.${field.name}(${arg.name}) does not exist upstream`);
          else if (String(ra.type) !== String(arg.type))
            problems.push(`${type.name}.${field.name}(${arg.name}): ${arg.type} here, ${ra.type} upstream`);
        }
        for (const ra of rf.args) {
          if (isNonNullType(ra.type) && ra.defaultValue === undefined && !field.args.some((a) => a.name === ra.name)) {
            problems.push(`${type.name}.${field.name} drops required argument ${ra.name}`);
          }
        }
      }
      for (const iface of type.getInterfaces()) {
        if (!real.getInterfaces().some((i) => i.name === iface.name)) problems.push(`${type.name} implements ${iface.name} only here`);
      }
    }
    if (isInputObjectType(type) && isInputObjectType(real)) {
      const realFields = real.getFields();
      for (const field of Object.values(type.getFields())) {
        const rf = realFields[field.name];
        if (!rf) problems.push(`input ${type.name}.${field.name} does not exist upstream`);
        else if (String(rf.type) !== String(field.type))
          problems.push(`input ${type.name}.${field.name}: ${field.type} here, ${rf.type} upstream`);
      }
      for (const rf of Object.values(realFields)) {
        if (isNonNullType(rf.type) && rf.defaultValue === undefined && !type.getFields()[rf.name])
          problems.push(`input ${type.name} drops required field ${rf.name}`);
      }
    }
  }
  return problems;
}

describeWithVendorSpec('Linear fake SDL vs the official schema', ['linear', 'schema.graphql'], (officialPath) => {
  let official: GraphQLSchema | undefined;
  const fake = buildSchema(LINEAR_FAKE_SDL);
  const load = () => (official ??= buildSchema(readFileSync(officialPath, 'utf8'), { assumeValidSDL: true }));

  it('is a faithful subset', () => {
    expect(differences(fake, load())).toEqual([]);
  });

  it('defines every Linear field the issue-tracker records select', () => {
    // Per type, the fields of Linear's published schema that the connector's records are built from:
    // scalars, enums and JSON, plus the objects and connections it selects with a sub-selection.
    const selected: Record<string, string> = {
      Issue:
        'id identifier number title description descriptionState priority priorityLabel estimate sortOrder prioritySortOrder subIssueSortOrder branchName url dueDate slaType integrationSourceType customerTicketCount labelIds previousIdentifiers reactionData createdAt updatedAt startedAt completedAt canceledAt addedToCycleAt addedToProjectAt addedToTeamAt assignee creator cycle parent project projectMilestone state team attachments labels relations subscribers',
      Project:
        'id name description content contentState color icon health healthUpdatedAt priority prioritySortOrder progress scope sortOrder slugId url startDate targetDate startedAt completedAt canceledAt createdAt updatedAt updateRemindersDay updateRemindersHour completedIssueCountHistory completedScopeHistory inProgressScopeHistory issueCountHistory scopeHistory convertedFromIssue creator lead status teams',
      Team: 'id key name color icon timezone createdAt updatedAt issueCount issueEstimationType issueEstimationAllowZero issueEstimationExtended defaultIssueEstimate autoArchivePeriod autoClosePeriod autoCloseStateId cycleCalenderUrl cycleCooldownTime cycleDuration cycleStartDay cyclesEnabled cycleIssueAutoAssignCompleted cycleIssueAutoAssignStarted cycleLockToActive upcomingCycleCount groupIssueHistory requirePriorityToLeaveTriage setIssueSortOrderOnStateChange scimManaged triageEnabled inviteHash private activeCycle defaultIssueState markedAsDuplicateWorkflowState parent triageIssueState',
      User: 'id name displayName email initials avatarUrl avatarBackgroundColor timezone url active admin guest isMe lastSeen createdIssueCount createdAt updatedAt inviteHash teams',
      Comment: 'id body bodyData issueId parentId resolvingCommentId url createdAt updatedAt editedAt issue parent user resolvingUser',
    };
    const missing = Object.entries(selected).flatMap(([typeName, fields]) => {
      const type = fake.getType(typeName);
      const defined = isObjectType(type) ? type.getFields() : {};
      return fields
        .split(' ')
        .filter((f) => !defined[f])
        .map((f) => `${typeName}.${f}`);
    });
    expect(missing).toEqual([]);
  });

  it('accepts documents Linear accepts (and the self-test documents validate upstream)', () => {
    const documents = [
      `query($first: Int, $after: String) { issues(first: $first, after: $after, orderBy: updatedAt) { nodes { id identifier assignee { id } labels(first: 10) { nodes { id } } } pageInfo { hasNextPage endCursor } } }`,
      `query($id: ID) { comments(filter: { issue: { id: { eq: $id } } }, first: 50) { nodes { id body user { id } } pageInfo { endCursor hasNextPage } } }`,
      `mutation($id: String!, $input: IssueUpdateInput!) { issueUpdate(id: $id, input: $input) { success lastSyncId issue { id } } }`,
      `mutation($input: CommentCreateInput!) { commentCreate(input: $input) { success comment { id } } }`,
    ];
    for (const text of documents) {
      const doc = parse(text);
      expect(validate(fake, doc)).toEqual([]);
      expect(validate(load(), doc)).toEqual([]);
    }
  });
});
