export async function runPage(_opts: { json: boolean }) {
  return 0;
}
