/** Shared setup of the cloud client suites; the package is imported by name, as users import it. */
export * from '@switchyard/cloud';
import { afterEach, beforeEach, expect } from 'vitest';
import { CloudWorkspace, type CloudWorkspaceOptions } from '@switchyard/cloud';
import { FakePlatform } from '../fakes/platform/server.js';
import { SpecValidator } from '../fakes/platform/spec-validator.js';

export { FakePlatform };

let validator: SpecValidator | null | undefined;

/** The spec validator, loaded once per test file; null when ../shared/vendor-specs is absent. */
export function specValidator(): SpecValidator | null {
  validator ??= SpecValidator.load();
  return validator;
}

export function startFake(): Promise<FakePlatform> {
  return FakePlatform.start({ validator: specValidator() });
}

/** Fast settings for tests: 5 ms polls and 1-5 ms backoff, so retries and waits cost nothing. */
export const FAST = { pollIntervalMs: 5, retry: { initialDelayMs: 1, maxDelayMs: 5 } } as const;

export function workspaceFor(fake: FakePlatform, overrides: Partial<CloudWorkspaceOptions> = {}): CloudWorkspace {
  return new CloudWorkspace({
    workspaceId: fake.workspaceId,
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    apiRoot: fake.apiRoot,
    ...FAST,
    ...overrides,
  } as CloudWorkspaceOptions);
}

export interface FakeContext {
  fake: FakePlatform;
  workspace: CloudWorkspace;
}

/**
 * A fresh fake platform and workspace per test. After each test the fake is closed and every
 * request it received must have matched the official spec (when the spec folder is present).
 */
export function useFakePlatform(): FakeContext {
  const context = {} as FakeContext;
  beforeEach(async () => {
    context.fake = await startFake();
    context.workspace = workspaceFor(context.fake);
  });
  afterEach(async () => {
    const violations = [...context.fake.violations];
    await context.fake.close();
    expect(violations, 'requests that do not match api_sdk.yaml / config.yaml').toEqual([]);
  });
  return context;
}

/** Captures the error a promise rejects with (fails the test when it resolves). */
export async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the promise to reject, but it resolved');
}

/** Captures the error a function throws synchronously. */
export function thrown(fn: () => unknown): Error {
  try {
    fn();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the call to throw, but it returned');
}
