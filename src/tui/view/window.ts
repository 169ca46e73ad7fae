/** Lists that scroll (the table, the pickers): the first row to show so the selection stays in view. */
export function windowStart(selected: number, count: number, visible: number): number {
  if (count <= visible || visible <= 0) return 0;
  return Math.max(0, Math.min(selected - visible + 1, count - visible, selected));
}
