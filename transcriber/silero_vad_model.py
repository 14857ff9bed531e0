"""Silero's voice activity detector, from the ONNX file its authors ship in the silero-vad wheel
(the sequence export: many 32 ms frames per call, the LSTM state carried between calls). Only the
file is used; the package's own code, which needs torch, is never imported."""

from onnx_sessions import single_thread_session
from pinned_files import checked_file

VAD_PACKAGE = "silero_vad"
VAD_MODEL = ("data/silero_vad_16k_sequence.onnx",
             "9ccdacc4719d8aa7e45a77536bfabec45a03ba1f2fad5e241ab4060b24238a85")
FRAME = 512     # samples per frame at 16 kHz: 32 ms
CONTEXT = 64    # samples of the previous frame that the model sees before each frame


class SileroVad:
    """Speech probabilities, one per 512-sample frame, for a stream fed in order."""

    def __init__(self, numpy):
        self.numpy = numpy
        self.session = single_thread_session(checked_file(VAD_PACKAGE, *VAD_MODEL))
        self.hidden = numpy.zeros((1, 1, 128), dtype=numpy.float32)
        self.cell = numpy.zeros((1, 1, 128), dtype=numpy.float32)
        self.context = numpy.zeros(CONTEXT, dtype=numpy.float32)

    def probabilities(self, frames):
        """FRAMES: float32 array of shape (n, 512), the next n frames of the stream."""
        numpy = self.numpy
        if len(frames) == 0:
            return numpy.zeros(0, dtype=numpy.float32)
        contexts = numpy.empty((len(frames), CONTEXT), dtype=numpy.float32)
        contexts[0] = self.context
        contexts[1:] = frames[:-1, -CONTEXT:]
        self.context = frames[-1, -CONTEXT:].copy()
        block = numpy.ascontiguousarray(numpy.concatenate((contexts, frames), axis=1))
        probabilities, self.hidden, self.cell = self.session.run(
            ["speech_probs", "hn", "cn"], {"input": block, "h": self.hidden, "c": self.cell})
        return probabilities.reshape(-1)
