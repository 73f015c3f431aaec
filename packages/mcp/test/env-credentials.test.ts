/**
 * Credentials and config from SWITCHYARD_<TYPE>_<FIELD> variables, for every connector discovered
 * from specs/: each credential kind is chosen exactly when its required variables are set; nothing
 * set names the variables of every kind; config is typed; values never appear in a problem.
 */
// @module-tag connector/messaging
// @module-tag connector/support-desk
import { describe, expect, it } from 'vitest';
import { credentialsFromEnv, envVariable, type ConnectorPackage } from '@switchyard/mcp';
// Every spec's connector, not narrowed by SWITCHYARD_MATRIX_ONLY: these suites name connectors as examples.
import { exampleConnectors as connectors } from '../../../test/matrix/registry.js';

const packages = connectors.map(({ fixture }) => fixture.pkg as unknown as ConnectorPackage);

describe('envVariable', () => {
  it('upper-cases the type and field and turns "-" into "_"', () => {
    expect(envVariable('messaging', 'api_token')).toBe('SWITCHYARD_MESSAGING_API_TOKEN');
    expect(envVariable('support-desk', 'subdomain')).toBe('SWITCHYARD_SUPPORT_DESK_SUBDOMAIN');
    expect(envVariable('support-desk', 'email')).toBe('SWITCHYARD_SUPPORT_DESK_EMAIL');
  });
});

describe.each(packages.map((pkg) => ({ name: pkg.metadata.name, pkg })))('$name', ({ name, pkg }) => {
  const metadata = pkg.metadata;
  const configEnv = Object.fromEntries(
    Object.entries(metadata.config).map(([field, rule]) => [
      envVariable(name, field),
      String(rule.enum?.[0] ?? (rule.type === 'integer' ? 1 : 'acme')),
    ]),
  );

  it.each(metadata.auth.map((kind) => ({ kind: kind.name, fields: kind.fields })))(
    'chooses $kind when its required variables are set',
    ({ kind, fields }) => {
      const values = Object.fromEntries(Object.keys(fields).map((field) => [field, `value-of-${field}-${name}`]));
      const env = {
        ...configEnv,
        ...Object.fromEntries(Object.entries(values).map(([field, value]) => [envVariable(name, field), value])),
      };
      const found = credentialsFromEnv(metadata, env);
      expect(found).toMatchObject({ kind, auth: values });
      const secretFields = Object.entries(fields)
        .filter(([, f]) => f.secret)
        .map(([field]) => values[field]);
      expect('secrets' in found && [...found.secrets].sort()).toEqual([...secretFields].sort());
      // Only the required ones are enough.
      const requiredOnly = Object.fromEntries(
        Object.entries(fields)
          .filter(([, f]) => f.required)
          .map(([field]) => [envVariable(name, field), values[field]!]),
      );
      expect(credentialsFromEnv(metadata, { ...configEnv, ...requiredOnly })).toMatchObject({ kind });
    },
  );

  it('with nothing set, names the variables of every kind, and never a value', () => {
    const found = credentialsFromEnv(metadata, { ...configEnv, UNRELATED: 'x' });
    expect('problems' in found).toBe(true);
    const text = (found as { problems: string[] }).problems.join('\n');
    for (const kind of metadata.auth) {
      for (const [field, rule] of Object.entries(kind.fields)) if (rule.required) expect(text).toContain(envVariable(name, field));
      expect(text).toContain(kind.name);
    }
  });

  it('refuses two unrelated complete kinds, naming both, and prefers the wider of two nested ones', () => {
    const required = (i: number) =>
      Object.entries(metadata.auth[i]!.fields)
        .filter(([, f]) => f.required)
        .map(([f]) => f);
    for (let i = 0; i < metadata.auth.length; i++) {
      for (let j = i + 1; j < metadata.auth.length; j++) {
        const fields = [...new Set([...required(i), ...required(j)])];
        const env = { ...configEnv, ...Object.fromEntries(fields.map((f) => [envVariable(name, f), `v-${f}`])) };
        const found = credentialsFromEnv(metadata, env);
        const iInJ = required(i).every((f) => required(j).includes(f));
        const jInI = required(j).every((f) => required(i).includes(f));
        if (iInJ || jInI) expect(found).toMatchObject({ kind: metadata.auth[iInJ ? j : i]!.name });
        else {
          const text = (found as { problems: string[] }).problems.join();
          expect(text).toContain('several credential kinds');
          expect(text).toContain(metadata.auth[i]!.name);
          expect(text).toContain(metadata.auth[j]!.name);
        }
      }
    }
  });
});

describe('config variables', () => {
  const supportDesk = (connectors.find((c) => c.name === 'support-desk')!.fixture.pkg as unknown as ConnectorPackage).metadata;
  const token = { SWITCHYARD_SUPPORT_DESK_EMAIL: 'agent@example.com', SWITCHYARD_SUPPORT_DESK_API_TOKEN: 'tok-123456' };

  it('a required config variable is named when missing, unless --base-url makes it unnecessary', () => {
    const found = credentialsFromEnv(supportDesk, token);
    expect((found as { problems: string[] }).problems.join()).toContain('SWITCHYARD_SUPPORT_DESK_SUBDOMAIN');
    expect(credentialsFromEnv(supportDesk, token, { configOptional: true })).toMatchObject({ kind: 'Token', config: {} });
    expect(credentialsFromEnv(supportDesk, { ...token, SWITCHYARD_SUPPORT_DESK_SUBDOMAIN: 'acme' })).toMatchObject({
      config: { subdomain: 'acme' },
    });
  });

  it('empty variables count as unset', () => {
    const found = credentialsFromEnv(supportDesk, {
      ...token,
      SWITCHYARD_SUPPORT_DESK_API_TOKEN: '',
      SWITCHYARD_SUPPORT_DESK_SUBDOMAIN: 'acme',
    });
    expect('problems' in found).toBe(true);
  });
});
