"""The Moonshine base English model, run with onnxruntime by a greedy decoding loop of our own.

The model files come from the authors' moonshine-cpp wheel (only its ONNX files: its C library is
never loaded), and the tokenizer's vocabulary from their useful-moonshine-onnx wheel. Each file's
sha256 is pinned here and checked before anything is loaded.
"""

import importlib.metadata
import json

from onnx_sessions import folded_session
from pinned_files import EngineUnavailable, checked_file

SAMPLE_RATE = 16000

MODEL_PACKAGE = "moonshine_cpp"
ENCODER = ("models/base-en/encoder_model.ort",
           "9d1a19e044cbf89a207723d1adb667de89a5671a1e3e611b8ebe721b2c31219c")
DECODER = ("models/base-en/decoder_model_merged.ort",
           "370e0c1f161d68dc1c2264c1a82024fb123380da3b73f47f05531d1e8d3308c3")
TOKENIZER_PACKAGE = "moonshine_onnx"
TOKENIZER = ("assets/tokenizer.json",
             "b68b995a58b3373db6c4f46864a9db50cd1333d086150ffa2c1096581ede9c10")

# The base model's shape (the authors' own loop states the same numbers).
LAYERS = 8
KV_HEADS = 8
HEAD_DIM = 52
START_TOKEN = 1
END_TOKEN = 2
# The authors bound a decode at about 6.5 tokens per second of audio; a little slack for short clips.
TOKENS_PER_SECOND = 6.5
EXTRA_TOKENS = 10


class TokenDecoder:
    """Turns token ids into text: the vocabulary of tokenizer.json, with its byte fallback tokens
    (<0xNN>) joined into UTF-8 and '▁' as the space, the leading one removed."""

    def __init__(self, path):
        with open(path, encoding="utf-8") as file:
            spec = json.load(file)
        self.pieces = {index: piece for piece, index in spec["model"]["vocab"].items()}
        self.special = {token["id"] for token in spec.get("added_tokens", []) if token.get("special")}

    def text(self, ids):
        data = bytearray()
        for index in ids:
            piece = self.pieces.get(index)
            if piece is None or index in self.special:
                continue
            if len(piece) == 6 and piece.startswith("<0x") and piece.endswith(">"):
                data.append(int(piece[3:5], 16))
            else:
                data += piece.replace("\u2581", " ").encode("utf-8")
        text = data.decode("utf-8", errors="replace")
        return text[1:] if text.startswith(" ") else text


class MoonshineEngine:
    """The seam every engine keeps: describe() for the protocol's first line, load() to make it
    ready (seconds), and transcribe(samples) for the text of one utterance (float32 samples at
    16 kHz, -1...1). Making one checks that its packages are there and its files are the pinned ones."""

    def __init__(self):
        try:
            import numpy
            import onnxruntime  # noqa: F401 (checked here to name a missing package plainly)
        except ImportError as error:
            raise EngineUnavailable(
                f"the Python package {error.name} is not installed (run the transcriber setup script)"
            ) from None
        self.numpy = numpy
        self.encoder_path = checked_file(MODEL_PACKAGE, *ENCODER)
        self.decoder_path = checked_file(MODEL_PACKAGE, *DECODER)
        tokenizer_path = checked_file(TOKENIZER_PACKAGE, *TOKENIZER)
        try:
            self.version = importlib.metadata.version("moonshine-cpp")
        except importlib.metadata.PackageNotFoundError:
            raise EngineUnavailable("the Python package moonshine-cpp is not installed "
                                    "(run the transcriber setup script)") from None
        self.tokens = TokenDecoder(tokenizer_path)
        self.cache_names = [f"past_key_values.{layer}.{side}.{kind}"
                            for layer in range(LAYERS)
                            for side in ("decoder", "encoder")
                            for kind in ("key", "value")]
        self.encoder = self.decoder = None

    def load(self):
        """Loads both models with their weights made floats (onnx_sessions.folded_session)."""
        try:
            # The bigger one first: its passing peak is then not on top of the other's weights.
            self.decoder, self.decoder_weights = folded_session(self.decoder_path)
            self.encoder, self.encoder_weights = folded_session(self.encoder_path)
        except Exception as error:  # onnxruntime raises its own exception types
            raise EngineUnavailable(f"onnxruntime cannot load the Moonshine model: {error}") from None

    def describe(self):
        return {"engine": "moonshine", "model": "base-en", "version": self.version,
                "languages": ["en"], "sampleRate": SAMPLE_RATE}

    def transcribe(self, samples):
        return self.tokens.text(self.token_ids(samples))

    def token_ids(self, samples):
        """Greedy decoding: the encoder once, then the decoder one token at a time, fed back the
        key/value cache it returns. The first step computes the cross-attention cache from the
        encoder's output; later steps pass it back unchanged and only grow the self-attention one."""
        numpy = self.numpy
        audio = numpy.ascontiguousarray(samples, dtype=numpy.float32).reshape(1, -1)
        hidden = self.encoder.run(None, {"input_values": audio})[0]
        empty = numpy.zeros((1, KV_HEADS, 0, HEAD_DIM), dtype=numpy.float32)
        cache = {name: empty for name in self.cache_names}
        limit = int(audio.shape[1] / SAMPLE_RATE * TOKENS_PER_SECOND) + EXTRA_TOKENS
        ids = []
        token = START_TOKEN
        for step in range(limit):
            inputs = {"input_ids": numpy.array([[token]], dtype=numpy.int64),
                      "encoder_hidden_states": hidden,
                      "use_cache_branch": numpy.array([step > 0]),
                      **cache}
            logits, *present = self.decoder.run(None, inputs)
            token = int(logits[0, -1].argmax())
            if token == END_TOKEN:
                break
            ids.append(token)
            for name, value in zip(self.cache_names, present):
                if step == 0 or ".decoder." in name:
                    cache[name] = value
        return ids
