import { type Db, schema } from '@jiyin/db';
import { eq } from 'drizzle-orm';

const {
  families,
  familyClaims,
  familyMaterials,
  familyHistoryLines,
  familyProjects,
  familyProjectComments,
  familyLeads,
  surnameProposals,
} = schema;

/**
 * The user's own rows of the surname and family libraries, for the account data export. Deleting the
 * account deletes them by cascade; families they created stay in the library without an owner.
 */
export async function libraryExport(db: Db, userId: string) {
  return {
    familiesCreated: await db.select().from(families).where(eq(families.ownerUserId, userId)),
    familyClaims: await db.select().from(familyClaims).where(eq(familyClaims.userId, userId)),
    familyMaterials: await db.select().from(familyMaterials).where(eq(familyMaterials.userId, userId)),
    familyHistoryLines: await db.select().from(familyHistoryLines).where(eq(familyHistoryLines.userId, userId)),
    familyProjects: await db.select().from(familyProjects).where(eq(familyProjects.ownerUserId, userId)),
    familyProjectComments: await db.select().from(familyProjectComments).where(eq(familyProjectComments.userId, userId)),
    familyLeads: await db.select().from(familyLeads).where(eq(familyLeads.userId, userId)),
    surnameProposals: await db.select().from(surnameProposals).where(eq(surnameProposals.userId, userId)),
  };
}
