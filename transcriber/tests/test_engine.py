"""The engine itself, in process: the weights computed once at load give the same words as the
model files run as they ship, and the tokenizer's text."""

import importlib.util
import os
import sys
import unittest
import wave

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from moonshine_engine import DECODER, ENCODER, MODEL_PACKAGE, MoonshineEngine  # noqa: E402
from onnx_sessions import single_thread_session  # noqa: E402
from pinned_files import checked_file  # noqa: E402


def beckett():
    import numpy
    spec = importlib.util.find_spec("moonshine_onnx")
    path = os.path.join(list(spec.submodule_search_locations)[0], "assets", "beckett.wav")
    with wave.open(path) as file:
        return numpy.frombuffer(file.readframes(file.getnframes()), dtype="<i2").astype(numpy.float32) / 32768


class EngineTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.engine = MoonshineEngine()
        cls.engine.load()
        cls.audio = beckett()

    def test_the_dequantized_model_gives_the_same_tokens_as_the_files_as_they_ship(self):
        folded = self.engine.token_ids(self.audio)
        engine = self.engine
        shipped_encoder, shipped_decoder = engine.encoder, engine.decoder
        try:
            engine.encoder = single_thread_session(checked_file(MODEL_PACKAGE, *ENCODER))
            engine.decoder = single_thread_session(checked_file(MODEL_PACKAGE, *DECODER))
            as_shipped = engine.token_ids(self.audio)
        finally:
            engine.encoder, engine.decoder = shipped_encoder, shipped_decoder
        self.assertEqual(folded, as_shipped)

    def test_the_tokens_read_as_the_text_with_its_punctuation(self):
        self.assertEqual(self.engine.transcribe(self.audio[:16000 * 3]), "Ever tried, ever failed.")

    def test_a_decode_stops_at_the_token_limit_for_its_length(self):
        import numpy
        noise = numpy.random.default_rng(7).normal(0, 0.3, 16000).astype(numpy.float32)
        self.assertLessEqual(len(self.engine.token_ids(noise)), int(6.5) + 10)


if __name__ == "__main__":
    unittest.main()
