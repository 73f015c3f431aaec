/**
 * Finds an action's metadata by entity and action name, for every executor alike, so an unknown
 * entity or action is the same ValidationError in open-source and hosted mode.
 */
import { ValidationError } from './errors.js';
import type { ActionMetadata, ConnectorMetadata } from './metadata.js';

export function findAction(metadata: ConnectorMetadata, entity: string, name: string): ActionMetadata {
  // Own properties only: `execute('users', 'constructor')` must be an unknown action, not Object's.
  const entityActions = Object.hasOwn(metadata.actions, entity) ? metadata.actions[entity] : undefined;
  const action = entityActions && Object.hasOwn(entityActions, name) ? entityActions[name] : undefined;
  if (action) return action;
  const issue = entityActions
    ? {
        path: 'action',
        rule: 'enum',
        message: `"${name}" is not an action of ${entity}; known: ${Object.keys(entityActions).join(', ')}`,
      }
    : {
        path: 'entity',
        rule: 'enum',
        message: `"${entity}" is not an entity of this connector; known: ${Object.keys(metadata.actions).join(', ')}`,
      };
  throw new ValidationError(`${metadata.name} execute`, [issue]);
}
