"""Turns the Moonshine files' 8-bit weights into float weights once, when the model is loaded.

In the ONNX model that onnxruntime writes out from the ORT-format file, each weight is an int8
initializer W_quantized followed by three nodes: Cast to float, Mul by W_scale, Add W_zero_point.
Those nodes run again on every call (for every token), which is most of the decoder's time. This
computes each such chain with numpy, one weight at a time, and gives the model the float result as
an initializer named like the chain's output, so the model computes exactly what it did. The floats
stay in numpy arrays that onnxruntime uses in place (SessionOptions.add_external_initializers): the
model itself only names them. A chain that does not have that shape, or whose parts are used
elsewhere, is left as it is.
"""

from onnx_graph_names import LENGTH_DELIMITED, fields, length_delimited, read_varint, varint

MODEL_GRAPH = 7        # ModelProto.graph
GRAPH_NODE = 1         # GraphProto.node
GRAPH_INITIALIZER = 5  # GraphProto.initializer
NODE_INPUT, NODE_OUTPUT, NODE_OP_TYPE = 1, 2, 4
TENSOR_DIMS, TENSOR_DATA_TYPE, TENSOR_NAME, TENSOR_RAW_DATA = 1, 2, 8, 9
TENSOR_EXTERNAL_DATA, TENSOR_DATA_LOCATION, EXTERNAL = 13, 14, 1
ENTRY_KEY, ENTRY_VALUE = 1, 2
FLOAT, UINT8, INT8 = 1, 2, 3


class Tensor:
    """An initializer stored as dims, data type, name and raw data, and nothing else."""

    def __init__(self, payload):
        self.dims, self.data_type, self.name, self.raw = [], None, None, None
        self.simple = True
        for number, wire, whole, value in fields(payload):
            if number == TENSOR_DIMS and wire == 0:
                self.dims.append(read_varint(whole, 1)[0])
            elif number == TENSOR_DATA_TYPE and wire == 0:
                self.data_type = read_varint(whole, 1)[0]
            elif number == TENSOR_NAME:
                self.name = bytes(value).decode("utf-8")
            elif number == TENSOR_RAW_DATA:
                self.raw = value
            else:
                self.simple = False

    def array(self, numpy):
        kinds = {FLOAT: "<f4", UINT8: "u1", INT8: "i1"}
        if not self.simple or self.raw is None or self.data_type not in kinds:
            return None
        return numpy.frombuffer(self.raw, dtype=kinds[self.data_type]).reshape(self.dims)


def placeholder(name, shape):
    """A float initializer whose data is given to onnxruntime apart from the model."""
    encoded = b"".join(varint(TENSOR_DIMS << 3) + varint(size) for size in shape)
    encoded += varint(TENSOR_DATA_TYPE << 3) + varint(FLOAT)
    encoded += length_delimited(TENSOR_NAME, name.encode("utf-8"))
    entry = length_delimited(ENTRY_KEY, b"location") + length_delimited(ENTRY_VALUE, b"earshot-in-memory")
    encoded += length_delimited(TENSOR_EXTERNAL_DATA, entry)
    encoded += varint(TENSOR_DATA_LOCATION << 3) + varint(EXTERNAL)
    return encoded


def node_parts(payload):
    inputs, outputs, op_type = [], [], None
    for number, _, _, value in fields(payload):
        if number == NODE_INPUT:
            inputs.append(bytes(value).decode("utf-8"))
        elif number == NODE_OUTPUT:
            outputs.append(bytes(value).decode("utf-8"))
        elif number == NODE_OP_TYPE:
            op_type = bytes(value).decode("utf-8")
    return op_type, inputs, outputs


def dequantized_model(model, numpy):
    """(the serialised ModelProto MODEL with its dequantisation chains replaced by placeholders,
    {placeholder name: float32 array})."""
    parts, weights = [], {}
    for number, wire, whole, payload in fields(model):
        if number == MODEL_GRAPH and wire == LENGTH_DELIMITED:
            graph, weights = dequantized_graph(payload, numpy)
            parts.append(length_delimited(MODEL_GRAPH, graph))
        else:
            parts.append(whole)
    return b"".join(parts), weights


def dequantized_graph(graph, numpy):
    initializers, nodes, structure = {}, [], []
    for number, wire, whole, payload in fields(graph):
        if number == GRAPH_INITIALIZER and wire == LENGTH_DELIMITED:
            tensor = Tensor(payload)
            initializers[tensor.name] = tensor
            continue
        if number == GRAPH_NODE and wire == LENGTH_DELIMITED:
            nodes.append(node_parts(payload))
        structure.append(whole)
    producers = {output: index for index, (_, _, outputs) in enumerate(nodes) for output in outputs}
    # Everything but the initializers' data: the nodes (their subgraphs too) and the graph's outputs.
    mentions = b"".join(structure)

    def used_once(name):
        # Made once (by a node, or as an initializer, which is not in `mentions`) and used once.
        made = 0 if name in initializers else 1
        return mentions.count(name.encode("utf-8")) == made + 1

    dropped_nodes, dropped_tensors, weights = set(), set(), {}
    for index, (op_type, inputs, outputs) in enumerate(nodes):
        if op_type != "Add" or len(inputs) != 2 or len(outputs) != 1:
            continue
        mul = producers.get(inputs[0])
        if mul is None or nodes[mul][0] != "Mul" or inputs[1] not in initializers:
            continue
        mul_inputs = nodes[mul][1]
        cast = producers.get(mul_inputs[0])
        if cast is None or nodes[cast][0] != "Cast" or mul_inputs[1] not in initializers:
            continue
        source = nodes[cast][1][0]
        if source not in initializers or not used_once(mul_inputs[0]):
            continue
        arrays = [initializers[name].array(numpy) for name in (source, mul_inputs[1], inputs[1])]
        if any(array is None for array in arrays) or arrays[0].dtype.kind not in "iu":
            continue
        quantized, scale, zero_point = arrays
        values = quantized.astype(numpy.float32)
        values *= scale
        values += zero_point
        weights[outputs[0]] = values
        dropped_nodes.update((cast, mul, index))
        dropped_tensors.update(name for name in (source, mul_inputs[1], inputs[1]) if used_once(name))

    parts, node_index = [], 0
    for number, wire, whole, payload in fields(graph):
        if number == GRAPH_NODE and wire == LENGTH_DELIMITED:
            node_index += 1
            if node_index - 1 in dropped_nodes:
                continue
        elif number == GRAPH_INITIALIZER and wire == LENGTH_DELIMITED:
            if Tensor(payload).name in dropped_tensors:
                continue
        parts.append(whole)
    for name, values in weights.items():
        parts.append(length_delimited(GRAPH_INITIALIZER, placeholder(name, values.shape)))
    return b"".join(parts), weights
