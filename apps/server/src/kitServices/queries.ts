import { LAB_TEST_LABELS, type LabResultView } from '@jiyin/contracts/kitServices';
import { type Db, schema } from '@jiyin/db';
import { eq } from 'drizzle-orm';

const { labResults, kits, persons } = schema;
type LabResultRow = typeof labResults.$inferSelect;

export function labResultView(r: LabResultRow, person: { id: string; name: string }): LabResultView {
  return {
    id: r.id,
    barcode: r.barcode,
    testType: r.testType,
    testLabel: LAB_TEST_LABELS[r.testType],
    personId: person.id,
    personName: person.name,
    items: r.items,
    conclusion: r.conclusion,
    labName: r.labName,
    sampledAt: r.sampledAt?.toISOString().slice(0, 10) ?? null,
    reportedAt: r.reportedAt.toISOString().slice(0, 10),
  };
}

/** A kit's result with the person its kit is bound to (null when none was entered or the kit is unbound). */
export async function resultOfKit(db: Pick<Db, 'select'>, barcode: string): Promise<LabResultView | null> {
  const [row] = await db
    .select({ r: labResults, person: { id: persons.id, name: persons.name } })
    .from(labResults)
    .innerJoin(kits, eq(kits.barcode, labResults.barcode))
    .innerJoin(persons, eq(persons.id, kits.personId))
    .where(eq(labResults.barcode, barcode));
  return row ? labResultView(row.r, row.person) : null;
}
