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
  /** Per node: the leaf's contribution (already scaled by the learning rate). */
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
