/**
 * The executable schema: LINEAR_FAKE_SDL plus resolvers, built once per process (building takes a
 * few milliseconds; every fake instance shares it and passes its own data in the context).
 */
import { buildSchema, isObjectType, type GraphQLFieldResolver, type GraphQLSchema } from 'graphql';
import type { LinearContext } from './context.js';
import { resolvers } from './resolvers.js';
import { LINEAR_FAKE_SDL } from './sdl.js';

let cached: GraphQLSchema | undefined;

export function linearSchema(): GraphQLSchema {
  if (cached) return cached;
  const schema = buildSchema(LINEAR_FAKE_SDL);
  for (const [typeName, fields] of Object.entries(resolvers)) {
    const type = schema.getType(typeName);
    if (!isObjectType(type)) throw new Error(`Linear fake: resolvers for unknown type ${typeName}`);
    const defined = type.getFields();
    for (const [fieldName, resolve] of Object.entries(fields)) {
      const field = defined[fieldName];
      if (!field) throw new Error(`Linear fake: resolver for unknown field ${typeName}.${fieldName}`);
      field.resolve = resolve as unknown as GraphQLFieldResolver<unknown, LinearContext>;
    }
  }
  cached = schema;
  return schema;
}
