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

/**
 * A model's trees laid end to end in typed arrays (node indices made absolute), for predict: a
 * page asks the model for every paragraph, and walking thousands of small trees of plain arrays
 * through a callback per tree was a tenth of a page's time. The walk and the sums are the same.
 */
interface FlatModel {
  /** Root node of stage s's tree for class k at s * classes + k. */
  roots: Int32Array;
  feature: Int32Array;
  threshold: Float64Array;
  left: Int32Array;
  right: Int32Array;
  value: Float64Array;
  /**
   * The same trees packed for predict, when every inner node's left child is the node after it
   * (scikit-learn's depth-first numbering): per node one Int32, the feature tested << 16 | the
   * right child's distance, or -1 at a leaf; and one Float64, the threshold, or the leaf's value.
   * Two arrays of 12 bytes a node instead of five of 28: a page's few hundred predictions each
   * found the model's 600 kB cold in the cache, and the walk was half waiting for memory.
   */
  packed: { code: Int32Array; split: Float64Array } | null;
}

/** Packed codes: the feature above these bits, the right child's distance in them. */
const RIGHT_BITS = 16;

const flatModels = new WeakMap<BoostedModel, FlatModel | null>();

/** The model's flat form, made once per model; null when a tree is not plain numbers (then the trees are walked as they are). */
export function flatModel(model: BoostedModel): FlatModel | null {
  let flat = flatModels.get(model);
  if (flat !== undefined) return flat;
  flat = flatten(model);
  flatModels.set(model, flat);
  return flat;
}

function flatten(model: BoostedModel): FlatModel | null {
  const k = model.init.length;
  const trees = model.stages.flat();
  if (model.stages.some((stage) => stage.length !== k)) return null;
  const size = trees.reduce((n, t) => n + t.feature.length, 0);
  const flat: FlatModel = { roots: new Int32Array(trees.length), feature: new Int32Array(size), threshold: new Float64Array(size), left: new Int32Array(size), right: new Int32Array(size), value: new Float64Array(size), packed: null };
  let at = 0;
  for (const [i, tree] of trees.entries()) {
    const n = tree.feature.length;
    if (tree.threshold.length !== n || tree.left.length !== n || tree.right.length !== n || tree.value.length !== n) return null;
    flat.roots[i] = at;
    for (let j = 0; j < n; j++) {
      const feature = tree.feature[j]!;
      const inner = feature >= 0;
      if (!Number.isInteger(feature) || typeof tree.threshold[j] !== 'number' || typeof tree.value[j] !== 'number') return null;
      if (inner && !(Number.isInteger(tree.left[j]) && Number.isInteger(tree.right[j]) && tree.left[j]! >= 0 && tree.left[j]! < n && tree.right[j]! >= 0 && tree.right[j]! < n)) return null;
      flat.feature[at + j] = inner ? feature : -1;
      flat.threshold[at + j] = tree.threshold[j]!;
      flat.left[at + j] = inner ? at + tree.left[j]! : -1;
      flat.right[at + j] = inner ? at + tree.right[j]! : -1;
      flat.value[at + j] = tree.value[j]!;
    }
    at += n;
  }
  flat.packed = pack(flat);
  return flat;
}

/** The flat trees packed (FlatModel.packed); null when a left child does not follow its node or a number does not fit. */
function pack(flat: Omit<FlatModel, 'packed'>): FlatModel['packed'] {
  const n = flat.feature.length;
  const code = new Int32Array(n);
  const split = new Float64Array(n);
  for (let j = 0; j < n; j++) {
    const feature = flat.feature[j]!;
    if (feature < 0) {
      code[j] = -1;
      split[j] = flat.value[j]!;
      continue;
    }
    const distance = flat.right[j]! - j;
    if (flat.left[j] !== j + 1 || distance < 1 || distance >= 1 << RIGHT_BITS || feature >= 1 << (31 - RIGHT_BITS)) return null;
    code[j] = (feature << RIGHT_BITS) | distance;
    split[j] = flat.threshold[j]!;
  }
  return { code, split };
}

/** The probability of each class for one sample (features in the model's order). */
export function predict(model: BoostedModel, x: readonly number[]): number[] {
  const scores = [...model.init];
  const flat = flatModel(model);
  if (flat?.packed) {
    const { code, split } = flat.packed;
    const { roots } = flat;
    const k = scores.length;
    const mask = (1 << RIGHT_BITS) - 1;
    for (let t = 0; t < roots.length; t++) {
      let node = roots[t]!;
      let c: number;
      while ((c = code[node]!) >= 0) node = x[c >> RIGHT_BITS]! <= split[node]! ? node + 1 : node + (c & mask);
      scores[t % k]! += split[node]!;
    }
  } else if (flat) {
    const { roots, feature, threshold, left, right, value } = flat;
    const k = scores.length;
    for (let t = 0; t < roots.length; t++) {
      let node = roots[t]!;
      while (feature[node]! >= 0) node = x[feature[node]!]! <= threshold[node]! ? left[node]! : right[node]!;
      scores[t % k]! += value[node]!;
    }
  } else for (const stage of model.stages) stage.forEach((tree, k) => (scores[k]! += leaf(tree, x)));
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
  const flat = flatModel(model);
  if (flat) {
    // The same walk on the flat trees (walking the model's own arrays cost twice predict's whole walk).
    const { roots, feature, threshold, left, right, value } = flat;
    const classes = model.init.length;
    for (let t = k; t < roots.length; t += classes) {
      let node = roots[t]!;
      while (feature[node]! >= 0) {
        const f = feature[node]!;
        const next = x[f]! <= threshold[node]! ? left[node]! : right[node]!;
        out[f]! += value[next]! - value[node]!;
        node = next;
      }
    }
    return out;
  }
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
