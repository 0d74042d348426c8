// Answers false when the query fails: the failure, caught and told as a value.
export async function canReach(db: { query(q: string): Promise<unknown> }): Promise<boolean> {
  try {
    await db.query('select 1');
    return true;
  } catch {
    return false;
  }
}

// Answers what the query reads: a state, and a failure of the query is thrown.
export async function flagSet(db: { query(q: string): Promise<{ on: boolean }> }): Promise<boolean> {
  const row = await db.query('select on from flags');
  return row.on;
}
