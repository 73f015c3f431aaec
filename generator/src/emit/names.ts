/** TypeScript names derived from entity and action names, in one place so every emitter agrees. */
import type { ActionIR, ConnectorIR, EntityIR } from '../ir/connector-ir.js';
import { pascalCase } from '../spec/defaults.js';

export const paramsType = (a: ActionIR) => `${pascalCase(a.entity)}${pascalCase(a.name)}Params`;
export const metaType = (a: ActionIR) => `${pascalCase(a.entity)}${pascalCase(a.name)}Meta`;
export const searchableType = (e: { name: string }) => `${pascalCase(e.name)}Searchable`;
export const resourceClass = (e: EntityIR) => `${pascalCase(e.name)}Resource`;
export const authType = (ir: ConnectorIR) => `${ir.className}Auth`;
export const configType = (ir: ConnectorIR) => `${ir.className}Config`;
export const optionsType = (ir: ConnectorIR) => `${ir.className}Options`;
export const operationsType = (ir: ConnectorIR) => `${ir.className}Operations`;

/** The record type of an action's data, or a plain object type when the spec names none. */
export const recordTypeOf = (a: ActionIR) => a.returns ?? 'Record<string, unknown>';

/** True when a caller may omit params entirely. */
export const paramsOptional = (a: ActionIR) => !a.params.some(([, p]) => p.required);
