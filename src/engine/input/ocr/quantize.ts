// Int8 quantization of the PP-OCR graphs at load time, from the shipped fp32 model and a small
// committed calibration file (activation ranges measured by bench/ocr/calibrate.ts on the tuning
// pages): no second model file to ship or download.
//
// Each convolution chosen is wrapped in QDQ form, the one onnxruntime's CPU optimizer fuses into
// its int8 kernel (QLinearConv, VNNI where the CPU has it):
//   x -> QuantizeLinear(uint8, per-tensor) -> DequantizeLinear -> Conv -> QuantizeLinear -> DequantizeLinear -> y
//                       weights: int8, symmetric, per output channel -> DequantizeLinear ^
//                       bias: int32 at scale x_scale * w_scale       -> DequantizeLinear ^
// Activations are unsigned with a zero point (uint8 is what the x86 kernels take, and a ranged
// activation wastes no codes); weights signed and symmetric, one scale per output channel.
// QuantizeLinear/DequantizeLinear are taken from the com.microsoft domain: the recognizer is an
// opset-9 graph, older than the standard operators' per-channel axis (opset 13), and raising it
// to 13 would change the meaning of other operators in it (Softmax, Squeeze). It is raised to 10
// only, which the fused QLinearConv needs (toOpset10).
import { bytesField, concat, constantTensor, decode, decodeNode, encodeNode, intAttr, intAttribute, varint, type Field, type Node } from './onnx-graph.js';

/** Tensor name -> [low, high] of the values it takes (percentile-clipped), for one model. */
export type Ranges = Record<string, [number, number]>;

export interface Calibration {
  /** Per model file name: the ranges of the tensors its quantized convolutions read and write. */
  [model: string]: { convolutions: string[]; ranges: Ranges };
}

/** What quantizeOnnx did: the model (the input itself when it did nothing) and why not, if it did nothing. */
export interface Quantized {
  model: Uint8Array;
  /** Convolutions made int8. */
  convolutions: number;
  /** Why the model was left in fp32 (calibration missing or not matching the model). */
  fallback?: string;
}

const MODEL_OPSET = 8;
const MODEL_GRAPH = 7;
const GRAPH_NODE = 1;
const GRAPH_OUTPUT = 12;
const NODE_DOMAIN = 7;
const MS_DOMAIN = 'com.microsoft';

const utf8 = new TextEncoder();
const text = new TextDecoder();

/** A model's graph fields, nodes and graph output names. */
function readGraph(model: Uint8Array): { fields: Field[]; graphField: Field; graph: Field[]; nodes: Node[]; outputs: Set<string> } {
  const fields = decode(model);
  const graphField = fields.find((f) => f.no === MODEL_GRAPH);
  if (!graphField) throw new Error('no graph in the model');
  const graph = decode(graphField.payload);
  const nodes = graph.filter((f) => f.no === GRAPH_NODE).map((f) => decodeNode(f.payload));
  const outputs = new Set(graph.filter((f) => f.no === GRAPH_OUTPUT).map((f) => text.decode(decode(f.payload).find((x) => x.no === 1)?.payload ?? new Uint8Array())));
  return { fields, graphField, graph, nodes, outputs };
}

/** The model with its nodes replaced by `nodes`, `extraOutputs` appended to the graph outputs and `extraOpsets` imported. */
function writeGraph(g: ReturnType<typeof readGraph>, nodes: Node[], extraOutputs: string[] = [], extraOpsets: Uint8Array[] = []): Uint8Array {
  const graphParts: Uint8Array[] = [];
  let nodesWritten = false;
  for (const f of g.graph) {
    if (f.no !== GRAPH_NODE) graphParts.push(f.raw);
    else if (!nodesWritten) {
      graphParts.push(...nodes.map((n) => bytesField(GRAPH_NODE, encodeNode(n))));
      nodesWritten = true;
    }
  }
  // ValueInfoProto with a name only: onnxruntime infers the type.
  for (const name of extraOutputs) graphParts.push(bytesField(GRAPH_OUTPUT, bytesField(1, utf8.encode(name))));
  const parts = g.fields.map((f) => (f === g.graphField ? bytesField(MODEL_GRAPH, concat(graphParts)) : f.raw));
  return concat([...parts, ...extraOpsets]);
}

/**
 * Shortest dot product (input channels x kernel area) a convolution must compute per output for
 * int8 to pay. Around an int8 convolution onnxruntime runs conversions (uint8 <-> float, NCHW <->
 * NHWC) and the hard-swish after it unfused, a few passes over its output whatever its size; the
 * int8 kernel saves time in proportion to the dot product. Measured on both PP-OCR graphs, CPU time
 * against fp32 (random inputs of the pages' shapes, interleaved): detector 0.73 with every
 * channel-mixing convolution, 0.60 from 64, 0.64 from 128, 0.78 from 256; recognizer 0.70-0.76
 * from 0 to 128 alike. The early layers' 16- and 32-channel convolutions at high resolution cost
 * more in conversions than they save.
 */
const MIN_DOT_LENGTH = 64;

/**
 * The convolutions worth making int8: those with constant weights (every Conv of the PP-OCR
 * graphs) that mix channels (group 1) over at least MIN_DOT_LENGTH inputs. Depthwise and
 * per-channel convolutions do a few multiply-adds per output: int8 only adds conversions. The
 * convolution reading the image is kept fp32 (three input channels: too short a dot product).
 */
export function quantizableConvolutions(model: Uint8Array): string[] {
  const { nodes, outputs } = readGraph(model);
  const producer = new Map<string, Node>();
  for (const n of nodes) for (const o of n.outputs) producer.set(o, n);
  return nodes
    .filter((n) => n.op === 'Conv' && n.inputs.length >= 2 && producer.has(n.inputs[0]!) && !outputs.has(n.outputs[0]!) && (intAttr(n, 'group') ?? 1) === 1)
    .filter((n) => {
      const w = constantTensor(producer.get(n.inputs[1]!));
      const biasOk = !n.inputs[2] || constantTensor(producer.get(n.inputs[2])) !== undefined;
      return biasOk && w?.dims.length === 4 && w.dims[1]! * w.dims[2]! * w.dims[3]! >= MIN_DOT_LENGTH;
    })
    .map((n) => n.outputs[0]!);
}

/** The tensors (inputs and outputs of the convolutions) whose ranges quantizing `convolutions` needs. */
export function tensorsToCalibrate(model: Uint8Array, convolutions: string[]): string[] {
  const { nodes } = readGraph(model);
  const wanted = new Set(convolutions);
  const out = new Set<string>();
  for (const n of nodes) if (n.op === 'Conv' && wanted.has(n.outputs[0]!)) out.add(n.inputs[0]!).add(n.outputs[0]!);
  return [...out];
}

/** The model with `tensors` added to its outputs (for measuring their ranges). */
export function exposeTensors(model: Uint8Array, tensors: string[]): Uint8Array {
  const g = readGraph(model);
  return writeGraph(
    g,
    g.nodes,
    tensors.filter((t) => !g.outputs.has(t)),
  );
}

/** The nodes without Constants nothing reads any more (the fp32 weights replaced). */
function withoutUnusedConstants(nodes: Node[]): Node[] {
  const read = new Set(nodes.flatMap((n) => n.inputs));
  return nodes.filter((n) => n.op !== 'Constant' || n.outputs.some((o) => read.has(o)));
}

// TensorProto data types.
const FLOAT = 1;
const UINT8 = 2;
const INT8 = 3;
const INT32 = 6;

/** A Constant node producing `name`: a tensor of `dims` (none: a scalar) and type `type` holding `raw` (little-endian). */
function rawConstant(name: string, dims: number[], type: number, raw: Uint8Array): Node {
  const tensor = concat([...dims.map((d) => Uint8Array.from([0x08, ...varint(d)])), Uint8Array.from([0x10, type]), bytesField(8, utf8.encode(name)), bytesField(9, raw)]);
  const attr = concat([bytesField(1, utf8.encode('value')), bytesField(5, tensor), Uint8Array.from([...varint(20 * 8), 4])]);
  return { inputs: [], outputs: [name], op: 'Constant', attributes: [{ no: 5, wire: 2, payload: attr, raw: bytesField(5, attr) }], rest: [] };
}

function floats(values: ArrayLike<number>): Uint8Array {
  const raw = new Uint8Array(values.length * 4);
  const view = new DataView(raw.buffer);
  for (let i = 0; i < values.length; i++) view.setFloat32(i * 4, values[i]!, true);
  return raw;
}

function int32s(values: ArrayLike<number>): Uint8Array {
  const raw = new Uint8Array(values.length * 4);
  const view = new DataView(raw.buffer);
  for (let i = 0; i < values.length; i++) view.setInt32(i * 4, values[i]!, true);
  return raw;
}

const domainField: Field = (() => {
  const raw = bytesField(NODE_DOMAIN, utf8.encode(MS_DOMAIN));
  return { no: NODE_DOMAIN, wire: 2, payload: utf8.encode(MS_DOMAIN), raw };
})();

function qdq(op: 'QuantizeLinear' | 'DequantizeLinear', inputs: string[], output: string, axis?: number): Node {
  return { inputs, outputs: [output], op, attributes: axis === undefined ? [] : [intAttribute('axis', axis)], rest: [domainField] };
}

const INT64 = 7;

/** Operators other than Slice whose inputs or meaning changed in opset 10: a graph with them is left fp32. */
const OPSET10_CHANGED = ['TopK', 'Upsample', 'Dropout'];

/** The signed 64-bit integer a varint's bytes hold. */
function int64Of(payload: Uint8Array): bigint {
  let v = 0n;
  for (let i = payload.length - 1; i >= 0; i--) v = (v << 7n) | BigInt(payload[i]! & 0x7f);
  return BigInt.asIntN(64, v);
}

/**
 * The nodes of an opset-9 graph as opset 10 wants them. onnxruntime names its fused int8
 * convolution QLinearConv of the graph's own opset, which exists from opset 10; the one operator
 * of the PP-OCR recognizer that changed between 9 and 10 is Slice, whose starts, ends and axes
 * became inputs instead of attributes.
 */
function toOpset10(nodes: Node[]): Node[] {
  return nodes.flatMap((n) => {
    if (n.op !== 'Slice' || n.inputs.length !== 1) return [n];
    const lists = new Map<string, bigint[]>();
    for (const a of n.attributes) {
      const fields = decode(a.payload);
      const name = text.decode(fields.find((f) => f.no === 1)?.payload ?? new Uint8Array());
      const ints: bigint[] = [];
      for (const f of fields.filter((x) => x.no === 8)) {
        if (f.wire === 0) ints.push(int64Of(f.payload));
        else for (let i = 0; i < f.payload.length; ) {
          let end = i;
          while (f.payload[end]! & 0x80) end++;
          ints.push(int64Of(f.payload.subarray(i, end + 1)));
          i = end + 1;
        }
      }
      lists.set(name, ints);
    }
    const starts = lists.get('starts') ?? [];
    const ends = lists.get('ends') ?? [];
    const axes = lists.get('axes') ?? starts.map((_, i) => BigInt(i));
    const constant = (what: string, values: bigint[]) => rawConstant(`${n.outputs[0]}_${what}`, [values.length], INT64, new Uint8Array(BigInt64Array.from(values).buffer));
    const made = [constant('starts', starts), constant('ends', ends), constant('axes', axes)];
    return [...made, { ...n, inputs: [n.inputs[0]!, ...made.map((c) => c.outputs[0]!)], attributes: [] }];
  });
}

/** The default-domain opset a model imports (its OperatorSetIdProto with no or an empty domain). */
function defaultOpset(fields: Field[]): { field: Field; version: number } | undefined {
  for (const f of fields.filter((x) => x.no === MODEL_OPSET)) {
    const parts = decode(f.payload);
    const domain = parts.find((x) => x.no === 1);
    if (domain && domain.payload.length) continue;
    const v = parts.find((x) => x.no === 2);
    return { field: f, version: v ? Number(int64Of(v.payload)) : 1 };
  }
  return undefined;
}

function opsetField(domain: string, version: number): Uint8Array {
  return bytesField(MODEL_OPSET, concat([bytesField(1, utf8.encode(domain)), Uint8Array.from([0x10, ...varint(version)])]));
}

function isRange(r: unknown): r is [number, number] {
  return Array.isArray(r) && r.length === 2 && r.every((v) => typeof v === 'number' && Number.isFinite(v)) && r[0] <= r[1];
}

/** Scale and zero point mapping [lo, hi] (widened to hold 0, so that zero padding is exact) onto uint8. */
export function activationScale([lo, hi]: [number, number]): { scale: number; zero: number } {
  const a = Math.min(0, lo);
  const b = Math.max(0, hi);
  const scale = b - a > 0 ? (b - a) / 255 : 1;
  return { scale, zero: Math.min(255, Math.max(0, Math.round(-a / scale))) };
}

/**
 * The model with `convolutions` (named by their output tensor) made int8, given the ranges of
 * the tensors they read and write. Left as it is (with the reason) when the graph cannot be read
 * or the calibration does not fit it: a convolution or a range missing.
 */
export function quantizeOnnx(model: Uint8Array, calibration: { convolutions: string[]; ranges: Ranges } | undefined): Quantized {
  if (!calibration) return { model, convolutions: 0, fallback: 'no calibration for this model' };
  try {
    const g = readGraph(model);
    const producer = new Map<string, Node>();
    for (const n of g.nodes) for (const o of n.outputs) producer.set(o, n);
    const byOutput = new Map(g.nodes.filter((n) => n.op === 'Conv').map((n) => [n.outputs[0]!, n]));
    const chosen = new Set<Node>();
    for (const name of calibration.convolutions) {
      const conv = byOutput.get(name);
      if (!conv) return { model, convolutions: 0, fallback: `calibration names a convolution the model lacks: ${name}` };
      for (const t of [conv.inputs[0]!, name]) if (!isRange(calibration.ranges[t])) return { model, convolutions: 0, fallback: `calibration has no range for tensor ${t}` };
      if (!constantTensor(producer.get(conv.inputs[1]!))) return { model, convolutions: 0, fallback: `convolution ${name} has no constant weights` };
      chosen.add(conv);
    }
    if (chosen.size === 0) return { model, convolutions: 0, fallback: 'calibration names no convolution' };

    const added: Node[] = [];
    /** Per activation tensor: the name of its uint8 form, made once. */
    const quantized = new Map<string, string>();
    const params = (t: string) => {
      const { scale, zero } = activationScale(calibration.ranges[t]!);
      return { scale, zero, s: `${t}_qscale`, z: `${t}_qzero` };
    };
    const uint8Of = (t: string): string => {
      let q = quantized.get(t);
      if (q) return q;
      const p = params(t);
      q = `${t}_q`;
      added.push(rawConstant(p.s, [], FLOAT, floats([p.scale])), rawConstant(p.z, [], UINT8, Uint8Array.from([p.zero])), qdq('QuantizeLinear', [t, p.s, p.z], q));
      quantized.set(t, q);
      return q;
    };
    const out: Node[] = [];
    for (const n of g.nodes) {
      if (!chosen.has(n)) {
        out.push(n);
        continue;
      }
      const [x, wName, bName] = n.inputs as [string, string, string | undefined];
      const y = n.outputs[0]!;
      const w = constantTensor(producer.get(wName))!;
      const outs = w.dims[0]!;
      const per = w.data.length / outs;
      // Weights: symmetric int8 per output channel.
      const wScale = new Float32Array(outs);
      const wq = new Int8Array(w.data.length);
      for (let o = 0; o < outs; o++) {
        let max = 0;
        for (let i = o * per; i < (o + 1) * per; i++) max = Math.max(max, Math.abs(w.data[i]!));
        const s = max > 0 ? max / 127 : 1;
        wScale[o] = s;
        for (let i = o * per; i < (o + 1) * per; i++) wq[i] = Math.max(-127, Math.min(127, Math.round(w.data[i]! / s)));
      }
      const px = params(x);
      const xq = uint8Of(x);
      const xdq = `${y}_x`;
      const wdq = `${y}_w`;
      const pre: Node[] = [
        qdq('DequantizeLinear', [xq, px.s, px.z], xdq),
        rawConstant(`${y}_wq`, w.dims, INT8, new Uint8Array(wq.buffer)),
        rawConstant(`${y}_wscale`, [outs], FLOAT, floats(wScale)),
        rawConstant(`${y}_wzero`, [outs], INT8, new Uint8Array(outs)),
        qdq('DequantizeLinear', [`${y}_wq`, `${y}_wscale`, `${y}_wzero`], wdq, 0),
      ];
      const convInputs = [xdq, wdq];
      if (bName) {
        // Bias: int32 at the scale of the products it is added to.
        const b = constantTensor(producer.get(bName))!;
        const bScale = Float32Array.from(wScale, (s) => s * px.scale);
        // Clamped: Int32Array would wrap a bias too large for its scale (a channel with near-zero weights).
        const bq = Int32Array.from(b.data, (v, o) => Math.max(-(2 ** 31), Math.min(2 ** 31 - 1, Math.round(v / bScale[o]!))));
        pre.push(
          rawConstant(`${y}_bq`, [outs], INT32, int32s(bq)),
          rawConstant(`${y}_bscale`, [outs], FLOAT, floats(bScale)),
          rawConstant(`${y}_bzero`, [outs], INT32, new Uint8Array(outs * 4)),
          qdq('DequantizeLinear', [`${y}_bq`, `${y}_bscale`, `${y}_bzero`], `${y}_b`, 0),
        );
        convInputs.push(`${y}_b`);
      }
      // The output goes to uint8 (the fused kernel's output) and back for the fp32 layers after it;
      // a quantized convolution reading it takes the uint8 form directly.
      const py = params(y);
      const yq = `${y}_q`;
      quantized.set(y, yq);
      out.push(
        ...pre,
        { ...n, inputs: convInputs, outputs: [`${y}_f`] },
        rawConstant(py.s, [], FLOAT, floats([py.scale])),
        rawConstant(py.z, [], UINT8, Uint8Array.from([py.zero])),
        qdq('QuantizeLinear', [`${y}_f`, py.s, py.z], yq),
        qdq('DequantizeLinear', [yq, py.s, py.z], y),
      );
    }
    // Quantize nodes go right after the node producing their input (graph inputs: first), so the
    // node list stays in topological order.
    const after = new Map<string, Node[]>();
    const first: Node[] = [];
    for (const q of added) {
      const src = q.op === 'QuantizeLinear' ? q.inputs[0]! : undefined;
      if (src && producer.has(src)) after.set(src, [...(after.get(src) ?? []), q]);
      else if (src) first.push(q);
      else {
        // A scale or zero-point constant: before its QuantizeLinear, which comes later in `added`.
        const user = added.find((n) => n.op === 'QuantizeLinear' && n.inputs.includes(q.outputs[0]!))!;
        const key = user.inputs[0]!;
        if (producer.has(key)) after.set(key, [...(after.get(key) ?? []), q]);
        else first.push(q);
      }
    }
    const ordered: Node[] = [...first];
    for (const n of out) {
      ordered.push(n);
      for (const o of n.outputs) ordered.push(...(after.get(o) ?? []));
    }
    // Imports: the Microsoft domain (for the per-channel Q/DQ) and at least opset 10 (QLinearConv).
    const opset = defaultOpset(g.fields);
    if (!opset) return { model, convolutions: 0, fallback: 'the model imports no default opset' };
    let nodes = withoutUnusedConstants(ordered);
    const imports: Uint8Array[] = [];
    if (opset.version < 10) {
      const changed = nodes.find((n) => OPSET10_CHANGED.includes(n.op));
      if (changed) return { model, convolutions: 0, fallback: `opset-${opset.version} graph with ${changed.op}, which opset 10 changed` };
      nodes = toOpset10(nodes);
      g.fields = g.fields.filter((f) => f !== opset.field);
      imports.push(opsetField('', 10));
    }
    if (!g.fields.some((f) => f.no === MODEL_OPSET && decode(f.payload).some((x) => x.no === 1 && text.decode(x.payload) === MS_DOMAIN))) imports.push(opsetField(MS_DOMAIN, 1));
    return { model: writeGraph(g, nodes, [], imports), convolutions: chosen.size };
  } catch (e) {
    return { model, convolutions: 0, fallback: `graph not readable: ${(e as Error).message}` };
  }
}
