#!/usr/bin/env node
// Node 24 runs the TypeScript sources directly (type stripping), so the CLI needs no build step.
import { main } from '../src/cli/index.ts';

process.exitCode = await main(process.argv.slice(2));
