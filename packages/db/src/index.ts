export * from './client.ts';
export { copyText, copyTimestampMs, readCopyBinary, sqlLiteral } from './copyBinary.ts';
export * as schema from './schema/index.ts';
export type { Avatar, GateReasonRow, PersonBirthday, PersonBirthplace } from './schema/index.ts';
export { DEMO_SEED_VERSION, seedDemoContent, seedDemoContentOnce } from './seed/index.ts';
export { DEMO_BOUND_KIT, DEMO_FAMILY, DEMO_PERSON, DEMO_RELATIVE_USERS, DEMO_USER, type DemoFamilyMember } from './seed/accounts.ts';
export { DEMO_KITS } from './seed/kits.ts';
export { DEMO_CONTENT } from './seed/content.ts';
export { pipelineTestTarget, type TestDatabaseTarget, testDatabaseTargets } from './testing.ts';
