// Placeholder until the Bulk add screen lands (issue 9).
export function BulkAdd() {
  return null;
}
