/**
 * Finds an action's metadata by entity and action name, for every executor alike and for the
 * execution service, so an unknown entity or action is the same ValidationError in open-source
 * mode, hosted mode and the service's answer. The names may come from a request body, so they are
 * checked to be strings and read as own properties.
 */
import { ValidationError } from './errors.js';
import type { ActionMetadata, ConnectorMetadata } from './metadata.js';

/** `operation` names what failed in the ValidationError (`messaging execute`; the CLI's describe says `messaging describe`). */
export function findAction(
  metadata: ConnectorMetadata,
  entity: unknown,
  name: unknown,
  operation = `${metadata.name} execute`,
): ActionMetadata {
  // Own properties only: `execute('users', 'constructor')` must be an unknown action, not Object's.
  const entityActions = typeof entity === 'string' && Object.hasOwn(metadata.actions, entity) ? metadata.actions[entity] : undefined;
  const action = entityActions && typeof name === 'string' && Object.hasOwn(entityActions, name) ? entityActions[name] : undefined;
  if (action) return action;
  const issue = entityActions
    ? {
        path: 'action',
        rule: 'enum',
        message: `"${String(name)}" is not an action of ${String(entity)}; known: ${Object.keys(entityActions).join(', ')}`,
      }
    : {
        path: 'entity',
        rule: 'enum',
        message: `"${String(entity)}" is not an entity of this connector; known: ${Object.keys(metadata.actions).join(', ')}`,
      };
  throw new ValidationError(operation, [issue]);
}
