// Exact rewrites of the PP-OCR ONNX graphs before onnxruntime loads them, so that its own
// optimizer can do its work. The models were exported by paddle2onnx in a form onnxruntime's
// fusions do not recognise:
// - hard-swish is spelled out as four element-wise passes, x * clip(x + 3, 0, 6) / 6: it becomes
//   HardSigmoid(x; 1/6, 1/2) * x, two passes (HardSigmoid exists since opset 6);
// - every convolution is followed by a learnable scale and shift (two element-wise passes), and
//   every activation by another, which also keep onnxruntime from running the layers in its
//   blocked (NCHWc) layout back to back: a scale and shift after a convolution is folded into
//   its weights and bias, and one before a convolution without padding too (before a padded one
//   it becomes a one-by-one convolution per channel, which stays in the blocked layout);
// - a scale or shift by a constant is written Mul(constant, x) / Add(constant, x): the constant
//   is put second, the form onnxruntime's own fusions look for.
// All are the same function up to float rounding. Only the few fields touched are decoded;
// everything else of the protobuf is copied byte for byte.

/** One protobuf field: its number, wire type, payload (bytes for length-delimited and fixed, the raw varint bytes otherwise) and its whole encoding. */
export interface Field {
  no: number;
  wire: number;
  payload: Uint8Array;
  raw: Uint8Array;
}

export function readVarint(b: Uint8Array, at: number): { value: number; end: number } {
  let value = 0;
  let scale = 1;
  let i = at;
  for (;;) {
    const c = b[i++];
    if (c === undefined) throw new Error('truncated protobuf varint');
    value += (c & 0x7f) * scale;
    scale *= 128;
    if (c < 0x80) return { value, end: i };
  }
}

export function decode(b: Uint8Array): Field[] {
  const out: Field[] = [];
  let i = 0;
  while (i < b.length) {
    const start = i;
    const key = readVarint(b, i);
    i = key.end;
    const no = Math.floor(key.value / 8);
    const wire = key.value % 8;
    let payload: Uint8Array;
    if (wire === 0) {
      const v = readVarint(b, i);
      payload = b.subarray(i, v.end);
      i = v.end;
    } else if (wire === 2) {
      const len = readVarint(b, i);
      payload = b.subarray(len.end, len.end + len.value);
      i = len.end + len.value;
    } else if (wire === 5 || wire === 1) {
      const n = wire === 5 ? 4 : 8;
      payload = b.subarray(i, i + n);
      i += n;
    } else {
      throw new Error(`unsupported protobuf wire type ${wire}`);
    }
    if (i > b.length) throw new Error('truncated protobuf field');
    out.push({ no, wire, payload, raw: b.subarray(start, i) });
  }
  return out;
}

export function varint(n: number): number[] {
  const out: number[] = [];
  while (n >= 0x80) {
    out.push((n % 128) | 0x80);
    n = Math.floor(n / 128);
  }
  out.push(n);
  return out;
}

export function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((a, p) => a + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** A length-delimited field `no` holding `payload`. */
export function bytesField(no: number, payload: Uint8Array): Uint8Array {
  return concat([Uint8Array.from([...varint(no * 8 + 2), ...varint(payload.length)]), payload]);
}

const utf8 = new TextEncoder();
const text = new TextDecoder();

/** The parts of a NodeProto this file reads or writes; `rest` is its other fields as they were. */
export interface Node {
  inputs: string[];
  outputs: string[];
  op: string;
  attributes: Field[];
  rest: Field[];
}

const NODE_INPUT = 1;
const NODE_OUTPUT = 2;
const NODE_OP = 4;
const NODE_ATTRIBUTE = 5;

export function decodeNode(b: Uint8Array): Node {
  const node: Node = { inputs: [], outputs: [], op: '', attributes: [], rest: [] };
  for (const f of decode(b)) {
    if (f.no === NODE_INPUT) node.inputs.push(text.decode(f.payload));
    else if (f.no === NODE_OUTPUT) node.outputs.push(text.decode(f.payload));
    else if (f.no === NODE_OP) node.op = text.decode(f.payload);
    else if (f.no === NODE_ATTRIBUTE) node.attributes.push(f);
    else node.rest.push(f);
  }
  return node;
}

export function encodeNode(n: Node): Uint8Array {
  return concat([
    ...n.inputs.map((s) => bytesField(NODE_INPUT, utf8.encode(s))),
    ...n.outputs.map((s) => bytesField(NODE_OUTPUT, utf8.encode(s))),
    bytesField(NODE_OP, utf8.encode(n.op)),
    ...n.attributes.map((f) => f.raw),
    ...n.rest.map((f) => f.raw),
  ]);
}

/** An AttributeProto holding one float. */
export function floatAttribute(name: string, value: number): Field {
  const f = new Uint8Array(4);
  new DataView(f.buffer).setFloat32(0, value, true);
  // name (1), f (2, fixed32), type (20) = FLOAT (1).
  const raw = concat([bytesField(1, utf8.encode(name)), Uint8Array.from([0x15]), f, Uint8Array.from([...varint(20 * 8), 1])]);
  return { no: NODE_ATTRIBUTE, wire: 2, payload: raw, raw: bytesField(NODE_ATTRIBUTE, raw) };
}

/** The float a float attribute named `name` holds, if any. */
function floatAttr(n: Node, name: string): number | undefined {
  for (const a of n.attributes) {
    const fields = decode(a.payload);
    if (fields.some((f) => f.no === 1 && text.decode(f.payload) === name)) {
      const f = fields.find((x) => x.no === 2 && x.wire === 5);
      return f ? new DataView(f.payload.buffer, f.payload.byteOffset, 4).getFloat32(0, true) : undefined;
    }
  }
  return undefined;
}

/** The value of a scalar float Constant node (a one-element tensor), if it is one. */
function scalarConstant(n: Node): number | undefined {
  if (n.op !== 'Constant') return undefined;
  for (const a of n.attributes) {
    const fields = decode(a.payload);
    const tensor = fields.find((f) => f.no === 5);
    if (!tensor) continue;
    const t = decode(tensor.payload);
    if (t.some((f) => f.no === 2 && f.payload[0] !== 1)) return undefined; // not FLOAT
    if (t.some((f) => f.no === 1 && f.payload[0] !== 1)) return undefined; // a dimension other than 1
    const raw = t.find((f) => f.no === 9)?.payload ?? t.find((f) => f.no === 4 && f.wire === 2)?.payload;
    if (!raw || raw.length !== 4) return undefined;
    return new DataView(raw.buffer, raw.byteOffset, 4).getFloat32(0, true);
  }
  return undefined;
}

/** The graph's nodes with the two rewrites applied; how many of each were made. */
function rewriteNodes(nodes: Node[]): { nodes: Node[]; hardSwish: number; swapped: number } {
  const producer = new Map<string, Node>();
  const consumers = new Map<string, number>();
  for (const n of nodes) {
    for (const o of n.outputs) producer.set(o, n);
    for (const i of n.inputs) consumers.set(i, (consumers.get(i) ?? 0) + 1);
  }
  const constant = (name: string | undefined) => (name === undefined ? undefined : scalarConstant(producer.get(name) ?? { inputs: [], outputs: [], op: '', attributes: [], rest: [] }));
  const isConstant = (name: string) => producer.get(name)?.op === 'Constant';
  const only = (name: string | undefined) => name !== undefined && consumers.get(name) === 1;
  const removed = new Set<Node>();
  const replaced = new Map<Node, Node[]>();
  let hardSwish = 0;
  // x * clip(x + 3, 0, 6) / 6, found from its Div.
  for (const div of nodes) {
    if (div.op !== 'Div' || constant(div.inputs[1]) !== 6) continue;
    const mul = producer.get(div.inputs[0]!);
    if (!mul || mul.op !== 'Mul' || !only(mul.outputs[0]) || mul.inputs.length !== 2) continue;
    for (const k of [0, 1]) {
      const clip = producer.get(mul.inputs[k]!);
      const x = mul.inputs[1 - k]!;
      if (!clip || clip.op !== 'Clip' || !only(clip.outputs[0])) continue;
      const lo = clip.inputs.length > 1 ? constant(clip.inputs[1]) : floatAttr(clip, 'min');
      const hi = clip.inputs.length > 2 ? constant(clip.inputs[2]) : floatAttr(clip, 'max');
      if (lo !== 0 || hi !== 6) continue;
      const add = producer.get(clip.inputs[0]!);
      if (!add || add.op !== 'Add' || !only(add.outputs[0])) continue;
      const addsThree = (add.inputs[0] === x && constant(add.inputs[1]) === 3) || (add.inputs[1] === x && constant(add.inputs[0]) === 3);
      if (!addsThree) continue;
      const gate = `${div.outputs[0]}_hardsigmoid`;
      const sigmoid: Node = { inputs: [x], outputs: [gate], op: 'HardSigmoid', attributes: [floatAttribute('alpha', 1 / 6), floatAttribute('beta', 0.5)], rest: [] };
      const product: Node = { inputs: [x, gate], outputs: [div.outputs[0]!], op: 'Mul', attributes: [], rest: [] };
      removed.add(add).add(clip).add(mul);
      replaced.set(div, [sigmoid, product]);
      hardSwish++;
      break;
    }
  }
  let swapped = 0;
  const out: Node[] = [];
  for (const n of nodes) {
    if (removed.has(n)) continue;
    const instead = replaced.get(n);
    if (instead) {
      out.push(...instead);
      continue;
    }
    if ((n.op === 'Mul' || n.op === 'Add') && n.inputs.length === 2 && isConstant(n.inputs[0]!) && !isConstant(n.inputs[1]!)) {
      out.push({ ...n, inputs: [n.inputs[1]!, n.inputs[0]!] });
      swapped++;
      continue;
    }
    out.push(n);
  }
  return { nodes: out, hardSwish, swapped };
}

const MODEL_GRAPH = 7;
const GRAPH_NODE = 1;

/** What optimizeOnnx did: hard-swish passes fused, constants put second, scales folded into convolutions. */
export interface OnnxRewrites {
  hardSwish: number;
  swapped: number;
  folded: number;
}

const GRAPH_OUTPUT = 12;

/** The model rewritten (see the top of this file); the input itself when nothing applies or it cannot be read. */
export function optimizeOnnx(model: Uint8Array): { model: Uint8Array } & OnnxRewrites {
  const none = { model, hardSwish: 0, swapped: 0, folded: 0 };
  try {
    const fields = decode(model);
    const graphField = fields.find((f) => f.no === MODEL_GRAPH);
    if (!graphField) return none;
    const graph = decode(graphField.payload);
    const outputs = new Set(graph.filter((f) => f.no === GRAPH_OUTPUT).map((f) => text.decode(decode(f.payload).find((x) => x.no === 1)?.payload ?? new Uint8Array())));
    const rewritten = rewriteNodes(graph.filter((f) => f.no === GRAPH_NODE).map((f) => decodeNode(f.payload)));
    const { nodes: foldedNodes, folded } = foldAffine(rewritten.nodes, outputs);
    const { hardSwish, swapped } = rewritten;
    if (hardSwish + swapped + folded === 0) return none;
    const nodes = withoutUnusedConstants(foldedNodes, outputs);
    const graphParts: Uint8Array[] = [];
    let nodesWritten = false;
    for (const f of graph) {
      if (f.no !== GRAPH_NODE) graphParts.push(f.raw);
      else if (!nodesWritten) {
        graphParts.push(...nodes.map((n) => bytesField(GRAPH_NODE, encodeNode(n))));
        nodesWritten = true;
      }
    }
    const parts = fields.map((f) => (f === graphField ? bytesField(MODEL_GRAPH, concat(graphParts)) : f.raw));
    return { model: concat(parts), hardSwish, swapped, folded };
  } catch {
    return none;
  }
}

// ---------------------------------------------------------------- folding scales into convolutions

export interface Tensor {
  dims: number[];
  data: Float32Array;
}

/** The float tensor a Constant node holds, if it is one. */
export function constantTensor(n: Node | undefined): Tensor | undefined {
  if (!n || n.op !== 'Constant') return undefined;
  for (const a of n.attributes) {
    const tensor = decode(a.payload).find((f) => f.no === 5);
    if (!tensor) continue;
    const t = decode(tensor.payload);
    if (t.some((f) => f.no === 2 && f.payload[0] !== 1)) return undefined; // not FLOAT
    const dims: number[] = [];
    for (const f of t.filter((x) => x.no === 1)) {
      if (f.wire === 0) dims.push(readVarint(f.payload, 0).value);
      else for (let i = 0; i < f.payload.length; ) {
        const v = readVarint(f.payload, i);
        dims.push(v.value);
        i = v.end;
      }
    }
    const raw = t.find((f) => f.no === 9)?.payload ?? t.find((f) => f.no === 4 && f.wire === 2)?.payload;
    const size = dims.reduce((x, y) => x * y, 1);
    if (!raw || raw.length !== size * 4) return undefined;
    const data = new Float32Array(size);
    const view = new DataView(raw.buffer, raw.byteOffset, raw.length);
    for (let i = 0; i < size; i++) data[i] = view.getFloat32(i * 4, true);
    return { dims, data };
  }
  return undefined;
}

/** A Constant node producing `name` with the tensor `t`. */
export function constantNode(name: string, t: Tensor): Node {
  const raw = new Uint8Array(t.data.length * 4);
  const view = new DataView(raw.buffer);
  t.data.forEach((v, i) => view.setFloat32(i * 4, v, true));
  // TensorProto: dims (1), data_type (2) = FLOAT, name (8), raw_data (9).
  const tensor = concat([...t.dims.map((d) => Uint8Array.from([0x08, ...varint(d)])), Uint8Array.from([0x10, 1]), bytesField(8, utf8.encode(name)), bytesField(9, raw)]);
  // AttributeProto: name (1) = "value", t (5), type (20) = TENSOR (4).
  const attribute = concat([bytesField(1, utf8.encode('value')), bytesField(5, tensor), Uint8Array.from([...varint(20 * 8), 4])]);
  return { inputs: [], outputs: [name], op: 'Constant', attributes: [{ no: NODE_ATTRIBUTE, wire: 2, payload: attribute, raw: bytesField(NODE_ATTRIBUTE, attribute) }], rest: [] };
}

/** The integer an int attribute named `name` holds, if any. */
export function intAttr(n: Node, name: string): number | undefined {
  for (const a of n.attributes) {
    const fields = decode(a.payload);
    if (fields.some((f) => f.no === 1 && text.decode(f.payload) === name)) {
      const f = fields.find((x) => x.no === 3 && x.wire === 0);
      return f ? readVarint(f.payload, 0).value : undefined;
    }
  }
  return undefined;
}

/** An AttributeProto holding one integer. */
export function intAttribute(name: string, value: number): Field {
  // name (1), i (3), type (20) = INT (2).
  const raw = concat([bytesField(1, utf8.encode(name)), Uint8Array.from([0x18, ...varint(value)]), Uint8Array.from([...varint(20 * 8), 2])]);
  return { no: NODE_ATTRIBUTE, wire: 2, payload: raw, raw: bytesField(NODE_ATTRIBUTE, raw) };
}

/** Whether a Conv node pads its input (explicitly or automatically). */
function pads(n: Node): boolean {
  for (const a of n.attributes) {
    const fields = decode(a.payload);
    const name = text.decode(fields.find((f) => f.no === 1)?.payload ?? new Uint8Array());
    if (name === 'auto_pad') {
      const v = text.decode(fields.find((f) => f.no === 4)?.payload ?? new Uint8Array());
      if (v && v !== 'NOTSET' && v !== 'VALID') return true;
    }
    if (name === 'pads') {
      for (const f of fields.filter((x) => x.no === 8)) {
        if (f.wire === 0 && readVarint(f.payload, 0).value !== 0) return true;
        if (f.wire === 2 && f.payload.some((b) => b !== 0)) return true;
      }
    }
  }
  return false;
}

/** Graph maps rebuilt for one pass. */
function index(nodes: Node[]): { producer: Map<string, Node>; consumers: Map<string, Node[]> } {
  const producer = new Map<string, Node>();
  const consumers = new Map<string, Node[]>();
  for (const n of nodes) {
    for (const o of n.outputs) producer.set(o, n);
    for (const i of n.inputs) consumers.set(i, [...(consumers.get(i) ?? []), n]);
  }
  return { producer, consumers };
}

/** The scale and shift y = a*x + b applied to `x` by a Mul and/or Add of scalar constants, and the nodes doing it. */
function affineAfter(x: string, producer: Map<string, Node>, consumers: Map<string, Node[]>, outputs: Set<string>): { a: number; b: number; nodes: Node[]; out: string } | undefined {
  const sole = (name: string) => {
    const c = consumers.get(name);
    return c && c.length === 1 && !outputs.has(name) ? c[0] : undefined;
  };
  const scalar = (n: Node, other: string | undefined) => (other === undefined ? undefined : scalarConstant(producer.get(other) ?? n));
  let a = 1;
  let b = 0;
  const nodes: Node[] = [];
  let out = x;
  let next = sole(out);
  if (next?.op === 'Mul' && next.inputs[0] === out && next.inputs.length === 2) {
    const k = scalar(next, next.inputs[1]);
    if (k !== undefined) {
      a = k;
      nodes.push(next);
      out = next.outputs[0]!;
      next = sole(out);
    }
  }
  if (next?.op === 'Add' && next.inputs[0] === out && next.inputs.length === 2) {
    const k = scalar(next, next.inputs[1]);
    if (k !== undefined) {
      b = k;
      nodes.push(next);
      out = next.outputs[0]!;
    }
  }
  return nodes.length ? { a, b, nodes, out } : undefined;
}

/**
 * Folds scalar scales and shifts into the convolutions around them: one after a convolution
 * (conv(x)*a + b = conv with weights*a, bias*a + b), and one before a convolution that does not pad
 * (conv(x*a + b) = conv with weights*a, bias + b * the sum of each output's weights).
 */
function foldAffine(nodes: Node[], outputs: Set<string>): { nodes: Node[]; folded: number } {
  let folded = 0;
  for (const before of [false, true]) {
    const { producer, consumers } = index(nodes);
    const removed = new Set<Node>();
    const replaced = new Map<Node, Node[]>();
    for (const conv of nodes) {
      if (conv.op !== 'Conv' || replaced.has(conv) || removed.has(conv)) continue;
      const w = constantTensor(producer.get(conv.inputs[1]!));
      const bias = conv.inputs[2] ? constantTensor(producer.get(conv.inputs[2])) : undefined;
      if (!w || w.dims.length !== 4 || (conv.inputs[2] && !bias)) continue;
      const outs = w.dims[0]!;
      const per = w.data.length / outs;
      const b0 = bias?.data ?? new Float32Array(outs);
      if (b0.length !== outs) continue;
      let affine: { a: number; b: number; nodes: Node[]; out: string } | undefined;
      const weights = new Float32Array(w.data.length);
      const shifted = new Float32Array(outs);
      let input = conv.inputs[0]!;
      let output = conv.outputs[0]!;
      if (!before) {
        affine = affineAfter(conv.outputs[0]!, producer, consumers, outputs);
        if (!affine) continue;
        for (let i = 0; i < weights.length; i++) weights[i] = w.data[i]! * affine.a;
        for (let o = 0; o < outs; o++) shifted[o] = b0[o]! * affine.a + affine.b;
        output = affine.out;
      } else {
        // The scale and shift whose result is this convolution's input (and nothing else's).
        const last = producer.get(input);
        if (!last || (last.op !== 'Add' && last.op !== 'Mul')) continue;
        const first = last.op === 'Add' && producer.get(last.inputs[0]!)?.op === 'Mul' ? producer.get(last.inputs[0]!)! : last;
        affine = affineAfter(first.inputs[0]!, producer, consumers, outputs);
        if (!affine || affine.out !== input || affine.nodes.some((n) => removed.has(n) || replaced.has(n))) continue;
        if ((consumers.get(affine.out) ?? []).length !== 1) continue;
        if (pads(conv)) {
          // Padding is zero after the shift, not before it: the scale and shift stay, as a
          // one-by-one convolution per channel, which onnxruntime runs in its blocked layout
          // with the layers around it (a Mul and an Add would make it convert back and forth).
          const channels = w.dims[1]! * (intAttr(conv, 'group') ?? 1);
          const name = affine.out;
          const perChannel: Node = { inputs: [first.inputs[0]!, `${name}_scale_w`, `${name}_scale_b`], outputs: [name], op: 'Conv', attributes: [intAttribute('group', channels)], rest: [] };
          for (const n of affine.nodes) removed.add(n);
          removed.delete(last);
          replaced.set(last, [
            constantNode(`${name}_scale_w`, { dims: [channels, 1, 1, 1], data: new Float32Array(channels).fill(affine.a) }),
            constantNode(`${name}_scale_b`, { dims: [channels], data: new Float32Array(channels).fill(affine.b) }),
            perChannel,
          ]);
          folded++;
          continue;
        }
        for (let o = 0; o < outs; o++) {
          let sum = 0;
          for (let i = o * per; i < (o + 1) * per; i++) {
            weights[i] = w.data[i]! * affine.a;
            sum += w.data[i]!;
          }
          shifted[o] = b0[o]! + affine.b * sum;
        }
        input = first.inputs[0]!;
      }
      const wName = `${conv.outputs[0]}_folded_w`;
      const bName = `${conv.outputs[0]}_folded_b`;
      for (const n of affine.nodes) removed.add(n);
      replaced.set(conv, [
        constantNode(wName, { dims: w.dims, data: weights }),
        constantNode(bName, { dims: [outs], data: shifted }),
        { ...conv, inputs: [input, wName, bName], outputs: [output] },
      ]);
      folded++;
    }
    nodes = nodes.flatMap((n) => (removed.has(n) ? [] : (replaced.get(n) ?? [n])));
  }
  return { nodes, folded };
}

/** The nodes without Constants nothing reads any more. */
function withoutUnusedConstants(nodes: Node[], outputs: Set<string>): Node[] {
  const read = new Set(nodes.flatMap((n) => n.inputs));
  return nodes.filter((n) => n.op !== 'Constant' || n.outputs.some((o) => read.has(o) || outputs.has(o)));
}

// ---------------------------------------------------------------- best class per step

/** ValueInfoProto of a graph output: name (1) and a tensor type (2) of `elemType` (TensorProto.DataType). */
function outputInfo(name: string, elemType: number): Uint8Array {
  return concat([bytesField(1, utf8.encode(name)), bytesField(2, bytesField(1, Uint8Array.from([0x08, ...varint(elemType)])))]);
}

/** An AttributeProto holding a list of integers. */
function intsAttribute(name: string, values: number[]): Field {
  // name (1), ints (8, one field each), type (20) = INTS (7).
  const raw = concat([bytesField(1, utf8.encode(name)), ...values.map((v) => Uint8Array.from([0x40, ...varint(v)])), Uint8Array.from([...varint(20 * 8), 7])]);
  return { no: NODE_ATTRIBUTE, wire: 2, payload: raw, raw: bytesField(NODE_ATTRIBUTE, raw) };
}

export const BEST_CLASS = 'quire_best_class';
export const BEST_PROB = 'quire_best_prob';

/**
 * The recognizer with its per-step class probabilities [n, steps, classes] replaced as graph
 * output by the best class of each step (ArgMax, int64, the first of equals) and its probability
 * (ReduceMax), both [n, steps]: all greedy CTC decoding reads. onnxruntime then computes them in
 * place instead of handing over the whole tensor (6625 floats a step, about 200 MB a page at
 * 200 dpi) to be scanned in JavaScript. `classes` is the size of the replaced output's last
 * dimension when the graph gives it. Undefined when the graph does not have one output.
 */
export function withBestClassOutputs(model: Uint8Array): { model: Uint8Array; classes?: number } | undefined {
  try {
    const fields = decode(model);
    const graphField = fields.find((f) => f.no === MODEL_GRAPH);
    if (!graphField) return undefined;
    const graph = decode(graphField.payload);
    const outputs = graph.filter((f) => f.no === GRAPH_OUTPUT);
    if (outputs.length !== 1) return undefined;
    const info = decode(outputs[0]!.payload);
    const probs = text.decode(info.find((x) => x.no === 1)?.payload ?? new Uint8Array());
    if (!probs) return undefined;
    // ValueInfoProto.type (2) -> TypeProto.tensor_type (1) -> shape (2) -> dim (1) -> dim_value (1).
    const tensorType = decode(info.find((x) => x.no === 2)?.payload ?? new Uint8Array()).find((x) => x.no === 1);
    const shape = decode(tensorType?.payload ?? new Uint8Array()).find((x) => x.no === 2);
    const last = decode(shape?.payload ?? new Uint8Array()).filter((x) => x.no === 1).pop();
    const lastValue = decode(last?.payload ?? new Uint8Array()).find((x) => x.no === 1 && x.wire === 0);
    const classes = lastValue ? readVarint(lastValue.payload, 0).value : undefined;
    const axis = intAttribute('axis', 2);
    const keep = intAttribute('keepdims', 0);
    const argMax: Node = { inputs: [probs], outputs: [BEST_CLASS], op: 'ArgMax', attributes: [axis, keep], rest: [] };
    const max: Node = { inputs: [probs], outputs: [BEST_PROB], op: 'ReduceMax', attributes: [intsAttribute('axes', [2]), keep], rest: [] };
    const parts: Uint8Array[] = [];
    for (const f of graph) {
      if (f.no === GRAPH_OUTPUT) {
        parts.push(bytesField(GRAPH_NODE, encodeNode(argMax)), bytesField(GRAPH_NODE, encodeNode(max)));
        // TensorProto.DataType: INT64 = 7, FLOAT = 1.
        parts.push(bytesField(GRAPH_OUTPUT, outputInfo(BEST_CLASS, 7)), bytesField(GRAPH_OUTPUT, outputInfo(BEST_PROB, 1)));
      } else parts.push(f.raw);
    }
    return { model: concat(fields.map((f) => (f === graphField ? bytesField(MODEL_GRAPH, concat(parts)) : f.raw))), classes };
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------- a head over fewer classes

/**
 * The recognizer with its classifier head cut down to the classes `choose` keeps (ascending
 * indices of the original classes; it is given the head's bias, one value per class, the model's
 * prior for each): the last MatMul's weight columns and the bias of the Add after it are
 * sliced, so the head computes and normalises (Softmax) `keep.length` classes a step instead of
 * all of them. The model's class k is the original class keep[k]; probabilities are normalised
 * over the kept classes only. Undefined when the graph does not end in Softmax(MatMul(x, W) + b)
 * with constant W [features, classes] and b [classes].
 */
export function withClassSubset(model: Uint8Array, choose: (bias: Float32Array) => number[]): { model: Uint8Array; keep: number[] } | undefined {
  try {
    const fields = decode(model);
    const graphField = fields.find((f) => f.no === MODEL_GRAPH);
    if (!graphField) return undefined;
    const graph = decode(graphField.payload);
    const outputs = graph.filter((f) => f.no === GRAPH_OUTPUT).map((f) => text.decode(decode(f.payload).find((x) => x.no === 1)?.payload ?? new Uint8Array()));
    if (outputs.length !== 1) return undefined;
    const nodeFields = graph.filter((f) => f.no === GRAPH_NODE);
    const nodes = nodeFields.map((f) => decodeNode(f.payload));
    const producer = new Map(nodes.flatMap((n) => n.outputs.map((o) => [o, n] as const)));
    const softmax = producer.get(outputs[0]!);
    const add = softmax?.op === 'Softmax' ? producer.get(softmax.inputs[0]!) : undefined;
    const matMul = add?.op === 'Add' ? producer.get(add.inputs[0]!) : undefined;
    if (!add || !matMul || matMul.op !== 'MatMul') return undefined;
    const weightNode = producer.get(matMul.inputs[1]!);
    const biasNode = producer.get(add.inputs[1]!);
    const weight = constantTensor(weightNode);
    const bias = constantTensor(biasNode);
    if (!weight || !bias || weight.dims.length !== 2 || bias.dims.length !== 1) return undefined;
    const [features = 0, classes = 0] = weight.dims;
    const keep = bias.dims[0] === classes ? choose(bias.data) : [];
    if (keep.length === 0 || bias.dims[0] !== classes || keep.some((k) => !(k >= 0 && k < classes))) return undefined;
    const w = new Float32Array(features * keep.length);
    for (let f = 0; f < features; f++) for (let k = 0; k < keep.length; k++) w[f * keep.length + k] = weight.data[f * classes + keep[k]!]!;
    const b = Float32Array.from(keep, (k) => bias.data[k]!);
    const sliced = new Map<Node, Node>([
      [weightNode!, constantNode(matMul.inputs[1]!, { dims: [features, keep.length], data: w })],
      [biasNode!, constantNode(add.inputs[1]!, { dims: [keep.length], data: b })],
    ]);
    // The output's declared shape (its last dimension, the class count) no longer holds: it is declared by name only.
    const parts: Uint8Array[] = [];
    let nodesWritten = false;
    for (const f of graph) {
      if (f.no === GRAPH_OUTPUT) parts.push(bytesField(GRAPH_OUTPUT, bytesField(1, utf8.encode(outputs[0]!))));
      else if (f.no !== GRAPH_NODE) parts.push(f.raw);
      else if (!nodesWritten) {
        parts.push(...nodes.map((n) => bytesField(GRAPH_NODE, encodeNode(sliced.get(n) ?? n))));
        nodesWritten = true;
      }
    }
    return { model: concat(fields.map((f) => (f === graphField ? bytesField(MODEL_GRAPH, concat(parts)) : f.raw))), keep };
  } catch {
    return undefined;
  }
}
