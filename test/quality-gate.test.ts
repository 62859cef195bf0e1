import { describe, expect, it } from 'vitest';
import { regressions } from '../bench/check.js';

describe('the quality gate', () => {
  const baseline = { generated: { textEditDistance: 0.001, headingF1: 1, furnitureLeak: 0 }, 'generated tables': { teds: 0.99, errors: 0 } };

  it('passes scores as good as the baseline or within tolerance', () => {
    expect(regressions(baseline, baseline)).toEqual([]);
    expect(regressions(baseline, { generated: { textEditDistance: 0.002, headingF1: 0.995, furnitureLeak: 0 }, 'generated tables': { teds: 1, errors: 0 } })).toEqual([]);
  });

  it('fails a metric worse than its tolerance, in the direction that is worse, and a metric gone', () => {
    const now = { generated: { textEditDistance: 0.01, headingF1: 0.9, furnitureLeak: 0 }, 'generated tables': { errors: 1 } };
    expect(regressions(baseline, now)).toEqual([
      'generated / textEditDistance: 0.01 (baseline 0.001)',
      'generated / headingF1: 0.9 (baseline 1)',
      'generated tables / teds: missing (baseline 0.99)',
      'generated tables / errors: 1 (baseline 0)',
    ]);
  });
});
