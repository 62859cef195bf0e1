// Gradient-boosted decision trees, evaluated: the form in which a classifier trained by the
// benchmark (bench/train, scikit-learn) is committed and run. A model is a list of classes,
// the names of its features, an initial score per class, and per boosting stage one regression
// tree per class; a sample's class scores are the initial scores plus the leaves it reaches,
// turned into probabilities by a softmax.

export interface Tree {
  /** Per node: the feature tested, or -1 at a leaf. */
  feature: number[];
  /** Per node: go left when the feature's value is at most this. */
  threshold: number[];
  left: number[];
  right: number[];
  /** Per node: the leaf's contribution (already scaled by the learning rate); at inner nodes the mean of their leaves, weighted by training samples (for explanations). */
  value: number[];
}

export interface BoostedModel {
  classes: string[];
  features: string[];
  /** Initial score per class (log prior). */
  init: number[];
  /** stages[s][k]: the tree of stage s for class k. */
  stages: Tree[][];
}

function leaf(tree: Tree, x: readonly number[]): number {
  let node = 0;
  while (tree.feature[node]! >= 0) node = x[tree.feature[node]!]! <= tree.threshold[node]! ? tree.left[node]! : tree.right[node]!;
  return tree.value[node]!;
}

/** The probability of each class for one sample (features in the model's order). */
export function predict(model: BoostedModel, x: readonly number[]): number[] {
  const scores = [...model.init];
  for (const stage of model.stages) stage.forEach((tree, k) => (scores[k]! += leaf(tree, x)));
  const max = Math.max(...scores);
  const exp = scores.map((s) => Math.exp(s - max));
  const sum = exp.reduce((a, b) => a + b, 0);
  return exp.map((e) => e / sum);
}

/**
 * What each feature contributed to class `k`'s score for one sample: along each tree's path,
 * the change of the node's value (the mean of its leaves) at each split, credited to the
 * feature tested there. The contributions plus the initial score add up to the class score.
 */
export function contributions(model: BoostedModel, x: readonly number[], k: number): number[] {
  const out = new Array<number>(model.features.length).fill(0);
  for (const stage of model.stages) {
    const tree = stage[k]!;
    let node = 0;
    while (tree.feature[node]! >= 0) {
      const f = tree.feature[node]!;
      const next = x[f]! <= tree.threshold[node]! ? tree.left[node]! : tree.right[node]!;
      out[f]! += tree.value[next]! - tree.value[node]!;
      node = next;
    }
    // The root's mean is part of the class's base score, not any feature's.
  }
  return out;
}
