/**
 * `x-switchyard-text: true` in a route's JSON Schema: the string must follow the identifier
 * rules of tenancy/input-rules.ts (well-formed Unicode, no control characters). A keyword of the
 * request schemas, so every body field, query parameter and path parameter that carries an
 * identifier is checked where the others are, before any handler runs, and the refusal is the
 * usual 422 `validation_failed` naming the field and the rule (`well-formed-unicode`,
 * `no-control-characters`). It also shows in the OpenAPI document as an `x-` extension.
 */
import type { FastifyServerOptions } from 'fastify';
import { identifierTextIssue } from '../tenancy/input-rules.js';

export const TEXT_KEYWORD = 'x-switchyard-text';

/** An Ajv plugin as Fastify's `ajv.plugins` takes it (a function, not the `[plugin, options]` pair). */
type AjvPlugin = Extract<NonNullable<NonNullable<FastifyServerOptions['ajv']>['plugins']>[number], (...args: never[]) => unknown>;

interface KeywordError {
  keyword: string;
  message: string;
  params: Record<string, unknown>;
}

type KeywordValidate = ((schema: unknown, data: unknown) => boolean) & { errors?: KeywordError[] };

/** Adds the keyword to Fastify's Ajv instance. */
export const textKeywordPlugin: AjvPlugin = (ajv) => {
  const validate: KeywordValidate = (schema, data) => {
    if (schema !== true || typeof data !== 'string') return true;
    const issue = identifierTextIssue('', data);
    if (!issue) return true;
    // The issue's rule becomes the error keyword, which problem.ts reports as the rule.
    validate.errors = [{ keyword: issue.rule, message: issue.message, params: {} }];
    return false;
  };
  ajv.addKeyword({ keyword: TEXT_KEYWORD, type: 'string', schemaType: 'boolean', errors: true, validate });
  return ajv;
};
