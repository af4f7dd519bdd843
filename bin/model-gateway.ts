#!/usr/bin/env node
// Runs the TypeScript sources directly: Node 22.18+ strips types natively (the project pins Node 24).
import { main } from '../electron/cli/main.ts';

await main(process.argv.slice(2));
