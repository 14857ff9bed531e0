"""Gives a name to every unnamed graph of a serialised ONNX model.

onnxruntime can write out an ORT-format model it has loaded as an ONNX file, but the subgraphs of
its If nodes come out without the name that ONNX requires, so onnxruntime refuses to load that file
again. This walks the protobuf encoding (ModelProto.graph → GraphProto.node → NodeProto.attribute →
AttributeProto.g → GraphProto) and gives each unnamed graph its attribute's name (then_branch,
else_branch). It knows only those fields: everything else is copied byte for byte.
"""

MODEL_GRAPH = 7       # ModelProto.graph
GRAPH_NODE = 1        # GraphProto.node
GRAPH_NAME = 2        # GraphProto.name
NODE_ATTRIBUTE = 5    # NodeProto.attribute
ATTRIBUTE_NAME = 1    # AttributeProto.name
ATTRIBUTE_GRAPH = 6   # AttributeProto.g
ATTRIBUTE_GRAPHS = 11  # AttributeProto.graphs
LENGTH_DELIMITED = 2


def read_varint(data, index):
    value, shift = 0, 0
    while True:
        byte = data[index]
        index += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, index


def varint(value):
    out = bytearray()
    while True:
        byte, value = value & 0x7F, value >> 7
        out.append(byte | 0x80 if value else byte)
        if not value:
            return bytes(out)


def fields(data):
    """(field number, wire type, the field's whole encoding, its payload if length-delimited),
    as views of DATA (no copies)."""
    data = memoryview(data)
    index = 0
    while index < len(data):
        start = index
        key, index = read_varint(data, index)
        number, wire = key >> 3, key & 7
        payload = None
        if wire == 0:
            _, index = read_varint(data, index)
        elif wire == 1:
            index += 8
        elif wire == 5:
            index += 4
        elif wire == LENGTH_DELIMITED:
            length, index = read_varint(data, index)
            payload = data[index:index + length]
            index += length
        else:
            raise ValueError(f"unexpected protobuf wire type {wire}")
        yield number, wire, data[start:index], payload


def length_delimited(number, payload):
    return varint(number << 3 | LENGTH_DELIMITED) + varint(len(payload)) + payload


def named_model(data):
    """The serialised ModelProto DATA with every graph named (a copy of DATA: one at a time)."""
    return rewrite(data, {MODEL_GRAPH: lambda graph: named_graph(graph, "main")})


def named_graph(data, name):
    named = any(number == GRAPH_NAME and wire == LENGTH_DELIMITED and payload
                for number, wire, _, payload in fields(data))
    body = rewrite(data, {GRAPH_NODE: named_node}, drop={GRAPH_NAME} if not named else set())
    return body if named else length_delimited(GRAPH_NAME, name.encode("utf-8")) + body


def named_node(data):
    return rewrite(data, {NODE_ATTRIBUTE: named_attribute})


def named_attribute(data):
    name = next((bytes(payload).decode("utf-8") for number, wire, _, payload in fields(data)
                 if number == ATTRIBUTE_NAME and wire == LENGTH_DELIMITED), "subgraph")
    return rewrite(data, {ATTRIBUTE_GRAPH: lambda graph: named_graph(graph, name),
                          ATTRIBUTE_GRAPHS: lambda graph: named_graph(graph, name)})


def rewrite(data, changes, drop=frozenset()):
    """DATA with each length-delimited field whose number is in CHANGES replaced by what its function
    makes of its payload, and the fields numbered in DROP left out."""
    out = bytearray()
    for number, wire, whole, payload in fields(data):
        if number in drop:
            continue
        if wire == LENGTH_DELIMITED and number in changes:
            out += length_delimited(number, changes[number](payload))
        else:
            out += whole
    return bytes(out)
