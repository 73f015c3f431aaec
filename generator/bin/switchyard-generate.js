#!/usr/bin/env node
// A committed shim, so package managers can link the bin before the package is built.
await import('../dist/bin.js');
