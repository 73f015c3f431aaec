/**
 * Links a CloudWorkspace to its transport without a public property: connections and sync results
 * reach the Platform through here, and users of the package cannot (this module is not exported).
 */
import type { Platform } from './platform.js';

const platforms = new WeakMap<object, Platform>();

export function registerPlatform(workspace: object, platform: Platform): void {
  platforms.set(workspace, platform);
}

export function platformOf(workspace: object): Platform {
  const platform = platforms.get(workspace);
  if (!platform) throw new TypeError('Not a CloudWorkspace: create connections with workspace.getConnection(connectionId)');
  return platform;
}
