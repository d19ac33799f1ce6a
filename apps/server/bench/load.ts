export async function runLoad(_opts: { json: boolean; quick: boolean }) {
  return 0;
}
