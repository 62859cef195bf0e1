// Two small tables side by side, the left one's header wrapped over two lines: the right table's
// header stands on the left header's second baseline, and its rows on the left rows' baselines.
// The right table keeps its header; the left one keeps its wrapped heading.
import { describe, expect, it } from 'vitest';
import { bornDigitalBlocks } from './table-fixtures.js';

describe('two tables side by side, headers on different baselines', () => {
  it('each keep their header', async () => {
    const blocks = await bornDigitalBlocks((c) => {
      // Left table: "Nominal" / "actuator" wrapped; right table's header on the second line.
      c.text('Worst-case', 60, 100, 10);
      c.text('Nominal', 200, 100, 10);
      c.text('actuator', 200, 113, 10);
      c.text('Axial', 330, 114, 10);
      c.text('Gearbox', 500, 114, 10);
      c.line(58, 118, 280, 118, 0.6);
      c.line(328, 119, 560, 119, 0.6);
      const left = [['Redundant gearbox', '91.89'], ['Ambient fatigue life', '28%'], ['Thermal gearbox', '48%']];
      const right = [['Critical torque', '85.73'], ['Nominal coolant loop', '21'], ['Nominal load case', '83.6']];
      left.forEach(([a, b], r) => {
        c.text(a!, 60, 134 + r * 20, 10);
        c.text(b!, 200, 134 + r * 20, 10);
      });
      right.forEach(([a, b], r) => {
        c.text(a!, 330, 136 + r * 20, 10);
        c.text(b!, 500, 136 + r * 20, 10);
      });
    });
    const tables = blocks.filter((b) => b.type === 'table').map((b) => b.table_body ?? '');
    expect(tables).toHaveLength(2);
    expect(tables.some((t) => t.startsWith('<table><tr><td>Worst-case</td><td>Nominal actuator</td></tr>'))).toBe(true);
    expect(tables.some((t) => t.startsWith('<table><tr><td>Axial</td><td>Gearbox</td></tr><tr><td>Critical torque</td><td>85.73</td></tr>'))).toBe(true);
  });
});
