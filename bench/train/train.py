#!/usr/bin/env python3
"""Trains the paragraph classifier on features extracted from the tune split of the generated
corpus (bench/train/extract.ts) and exports it as the JSON model src/engine/classify/gbdt.ts
evaluates: gradient-boosted trees (scikit-learn's histogram boosting), one tree per class per
stage. Reports accuracy per class on documents held out from training (grouped by document),
then fits on everything and writes the model.

Usage: python3 bench/train/train.py FEATURES.csv [MORE.csv ...] [--out src/engine/classify/model.json]
"""
import os
os.environ.setdefault("OMP_NUM_THREADS", "1")  # one thread: the machine is shared, and OpenMP spins under contention
import csv
import json
import sys
from collections import Counter

import numpy as np
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.model_selection import GroupKFold

# The truth's types the engine never takes from the classifier (decided by exact structure) or
# that it renders as running text: folded into the classes below.
FOLD = {'equation': 'other'}
# Each class weighs as if it had at least this share of the largest class's paragraphs (rare
# classes such as page numbers left in the flow would otherwise never be predicted), its
# paragraphs at most MAX_WEIGHT times one of the largest class (a handful of examples must not
# make a class the answer everywhere near them).
MIN_WEIGHT_SHARE = 0.1
MAX_WEIGHT = 8.0
PARAMS = dict(max_iter=120, learning_rate=0.12, max_leaf_nodes=8, min_samples_leaf=8, l2_regularization=1.0, random_state=0)


def load(paths):
    rows = []
    for path in paths:
        with open(path, newline='') as f:
            rows.extend(csv.DictReader(f))
    return rows


def matrix(rows, names):
    return np.array([[float(r[n]) for n in names] for r in rows], dtype=np.float64)


def weights(labels):
    counts = Counter(labels)
    top = max(counts.values())
    return np.array([min(MAX_WEIGHT, max(1.0, MIN_WEIGHT_SHARE * top / counts[y])) for y in labels])


def export(model, names):
    classes = [str(c) for c in model.classes_]
    baseline = np.asarray(model._baseline_prediction).reshape(-1)
    if len(classes) == 2:
        raise SystemExit('two classes: the exporter expects one tree per class')
    stages = []
    for stage in model._predictors:
        trees = []
        for predictor in stage:
            nodes = predictor.nodes
            n = len(nodes)
            feature = [-1 if nodes['is_leaf'][i] else int(nodes['feature_idx'][i]) for i in range(n)]
            value = [float(nodes['value'][i]) for i in range(n)]
            count = [float(nodes['count'][i]) for i in range(n)]

            # Internal nodes: the count-weighted mean of their leaves, so that the changes along a
            # sample's path add up to its leaf (each feature's share of the decision, for the trace).
            def mean(i):
                if feature[i] < 0:
                    return value[i], count[i]
                lv, lc = mean(int(nodes['left'][i]))
                rv, rc = mean(int(nodes['right'][i]))
                value[i] = (lv * lc + rv * rc) / max(lc + rc, 1e-9)
                return value[i], lc + rc

            mean(0)
            trees.append({
                'feature': feature,
                'threshold': [0 if feature[i] < 0 else float(np.format_float_positional(nodes['num_threshold'][i], precision=5, unique=True)) for i in range(n)],
                'left': [int(nodes['left'][i]) if feature[i] >= 0 else -1 for i in range(n)],
                'right': [int(nodes['right'][i]) if feature[i] >= 0 else -1 for i in range(n)],
                'value': [round(v, 4) for v in value],
            })
        stages.append(trees)
    return {'classes': classes, 'features': list(names), 'init': [round(float(b), 5) for b in baseline], 'stages': stages}


def evaluate(exported, X):
    """Class scores of the exported model, as src/engine/classify/gbdt.ts computes them."""
    scores = np.tile(np.array(exported['init']), (len(X), 1))
    for stage in exported['stages']:
        for k, t in enumerate(stage):
            for i, x in enumerate(X):
                node = 0
                while t['feature'][node] >= 0:
                    node = t['left'][node] if x[t['feature'][node]] <= t['threshold'][node] else t['right'][node]
                scores[i, k] += t['value'][node]
    return scores


def main():
    args = sys.argv[1:]
    out = 'src/engine/classify/model.json'
    if '--out' in args:
        i = args.index('--out')
        out = args[i + 1]
        del args[i:i + 2]
    rows = load(args)
    meta = {'doc', 'family', 'variant', 'page', 'label', 'role', 'block', 'purity', 'text'}
    names = [n for n in rows[0].keys() if n not in meta]
    labels = [FOLD.get(r['label'], r['label']) for r in rows]
    X = matrix(rows, names)
    y = np.array(labels)
    groups = np.array([r['doc'] for r in rows])
    w = weights(labels)
    print(f'{len(rows)} paragraphs from {len(set(groups))} documents; classes: {dict(Counter(labels))}')

    # Held-out estimate: documents never seen in training.
    predicted = np.empty_like(y)
    for train, test in GroupKFold(n_splits=min(3, len(set(groups)))).split(X, y, groups):
        m = HistGradientBoostingClassifier(**PARAMS).fit(X[train], y[train], sample_weight=w[train])
        predicted[test] = m.predict(X[test])
    print(f'held-out documents, accuracy {np.mean(predicted == y):.3f}')
    for c in sorted(set(labels)):
        tp = np.sum((predicted == c) & (y == c))
        p = tp / max(np.sum(predicted == c), 1)
        r = tp / max(np.sum(y == c), 1)
        print(f'  {c:14s} n={np.sum(y == c):5d} precision {p:.3f} recall {r:.3f} F1 {2 * p * r / max(p + r, 1e-9):.3f}')
    confusions = Counter((a, b) for a, b in zip(y, predicted) if a != b)
    print('most frequent confusions (truth → predicted):', confusions.most_common(12))

    model = HistGradientBoostingClassifier(**PARAMS).fit(X, y, sample_weight=w)
    exported = export(model, names)
    # The exported trees (rounded) must decide as the model does.
    same = np.mean(np.array(exported['classes'])[np.argmax(evaluate(exported, X), axis=1)] == model.predict(X))
    print(f'exported model agrees with scikit-learn on {same:.4f} of the training paragraphs')
    with open(out, 'w') as f:
        json.dump(exported, f, separators=(',', ':'))
    print(f'model → {out}')


if __name__ == '__main__':
    main()
