#!/usr/bin/env -S node --max-semi-space-size=8
// Runs the TypeScript sources directly: Node 22.18+ strips types natively (the project pins Node 24).
// The V8 flag caps the young generation's memory (electron/launcher/gateway-v8-flags.ts).
import { main } from '../electron/cli/main.ts';

await main(process.argv.slice(2));
