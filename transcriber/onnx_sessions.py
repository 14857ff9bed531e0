"""onnxruntime sessions as the helper runs them: one core, no thread pool, nothing spinning."""

import os
import tempfile

from onnx_dequantize import dequantized_model
from onnx_graph_names import named_model


def options(onnxruntime, level):
    chosen = onnxruntime.SessionOptions()
    chosen.intra_op_num_threads = 1
    chosen.inter_op_num_threads = 1
    chosen.execution_mode = onnxruntime.ExecutionMode.ORT_SEQUENTIAL
    chosen.graph_optimization_level = level
    chosen.add_session_config_entry("session.intra_op.allow_spinning", "0")
    return chosen


def single_thread_session(path):
    """A session for the ONNX file at PATH, with every graph optimisation."""
    import onnxruntime
    return onnxruntime.InferenceSession(
        path, options(onnxruntime, onnxruntime.GraphOptimizationLevel.ORT_ENABLE_ALL),
        providers=["CPUExecutionProvider"])


def folded_session(path):
    """A session for the ORT-format file at PATH with its weights made floats once.

    onnxruntime runs an ORT-format model as it was saved: it applies no graph optimisation. The
    Moonshine files keep their weights as 8-bit integers that the graph turns into floats (Cast,
    Mul, Add) on every run, which is most of the decoder's time for each token. So the model is
    loaded once and written out as ONNX, its subgraphs are named (that writer leaves them out), its
    weights are computed (onnx_dequantize: onnxruntime's own constant folding would hold them
    several times over at once), and it is loaded again from memory with every optimisation.
    Returns the session and the weights' values, which onnxruntime asks to outlive it."""
    import numpy
    import onnxruntime
    with tempfile.TemporaryDirectory(prefix="earshot-transcriber-") as folder:
        written = os.path.join(folder, "model.onnx")
        plain = options(onnxruntime, onnxruntime.GraphOptimizationLevel.ORT_DISABLE_ALL)
        plain.optimized_model_filepath = written
        onnxruntime.InferenceSession(path, plain, providers=["CPUExecutionProvider"])
        with open(written, "rb") as file:
            model, weights = dequantized_model(named_model(file.read()), numpy)
    chosen = options(onnxruntime, onnxruntime.GraphOptimizationLevel.ORT_ENABLE_ALL)
    # No packed copy of the float weights: as fast for one token at a time, 250 MB less.
    chosen.add_session_config_entry("session.disable_prepacking", "1")
    values = [onnxruntime.OrtValue.ortvalue_from_numpy(array) for array in weights.values()]
    chosen.add_external_initializers(list(weights), values)
    session = onnxruntime.InferenceSession(model, chosen, providers=["CPUExecutionProvider"])
    return session, values
