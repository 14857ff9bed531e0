"""The helper's protocol (docs/transcription.md) with the real engine: run as the daemon runs it,
on espeak-ng speech and on the reading its authors ship, with the times checked against where the
speech is."""

import importlib.util
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from speech import (SAMPLE_RATE, espeak, have_tools, helper_command, quiet_noise, run_helper,  # noqa: E402
                    silence, sound_bounds, words)

LIBRIVOX = "/usr/share/pocketsphinx/test/data/librivox"  # pocketsphinx-testdata: public-domain reading
DESCRIPTION_KEYS = {"engine", "model", "version", "languages", "sampleRate"}
BECKETT = "Ever tried. Ever failed. No matter. Try again. Fail again. Fail better."


def packaged_file(package, relative):
    spec = importlib.util.find_spec(package)
    return os.path.join(list(spec.submodule_search_locations)[0], relative)


def pcm_of_wav(path):
    """The samples of a 16-bit mono 16 kHz WAV file."""
    import wave
    with wave.open(path) as file:
        assert (file.getnchannels(), file.getsampwidth(), file.getframerate()) == (1, 2, SAMPLE_RATE)
        return file.readframes(file.getnframes())


@unittest.skipUnless(have_tools(), "espeak-ng and gst-launch-1.0 are needed (make deps)")
class ProtocolTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.first = espeak("The quick brown fox jumps over the lazy dog.")
        cls.second = espeak("Podcasts are better when you can search everything that was said.")

    def assert_description(self, line):
        self.assertEqual(set(line), DESCRIPTION_KEYS)
        self.assertEqual((line["engine"], line["model"], line["languages"], line["sampleRate"]),
                         ("moonshine", "base-en", ["en"], 16000))
        self.assertEqual(line["version"], "0.1.4")

    def test_describe_prints_one_line_naming_the_engine_and_exits_0(self):
        status, lines, _ = run_helper(b"", "--describe")
        self.assertEqual(status, 0)
        self.assertEqual(len(lines), 1)
        self.assert_description(lines[0])

    def test_a_model_file_that_is_not_the_pinned_one_gives_the_error_line_and_exit_2(self):
        with tempfile.TemporaryDirectory() as folder:
            models = os.path.join(folder, "moonshine_cpp", "models", "base-en")
            os.makedirs(models)
            shutil.copy(packaged_file("moonshine_cpp", "__init__.py"), os.path.join(folder, "moonshine_cpp"))
            with open(os.path.join(models, "encoder_model.ort"), "wb") as file:
                file.write(b"not the model")
            env = dict(os.environ, PYTHONPATH=folder)
            for arguments in (["--describe"], []):
                status, lines, _ = run_helper(silence(1), *arguments, env=env)
                self.assertEqual(status, 2)
                self.assertEqual(len(lines), 1)
                self.assertEqual(list(lines[0]), ["error"])
                self.assertIn("encoder_model.ort is not the pinned file", lines[0]["error"])

    def test_a_missing_package_gives_the_error_line_in_plain_words_and_exit_2(self):
        # -S: the environment's python without its site-packages, so onnxruntime is not there.
        with open(helper_command()) as file:
            script = file.read().split()[-2]
        result = subprocess.run([sys.executable, "-S", script, "--describe"], capture_output=True, timeout=60)
        self.assertEqual(result.returncode, 2)
        line = json.loads(result.stdout)
        self.assertIn("is not installed", line["error"])

    def test_two_sentences_three_seconds_apart_are_two_segments_at_the_times_of_their_speech(self):
        pcm = silence(2) + self.first + silence(3) + self.second + silence(2)
        first_start, first_end = sound_bounds(self.first)
        second_at = 2 + len(self.first) / 2 / SAMPLE_RATE + 3
        second_start, second_end = sound_bounds(self.second)
        status, lines, stderr = run_helper(pcm)
        self.assertEqual(status, 0, stderr)
        self.assert_description(lines[0])
        segments = lines[1:-1]
        self.assertEqual(len(segments), 2, lines)
        expected = [(2 + first_start, 2 + first_end), (second_at + second_start, second_at + second_end)]
        for segment, (start, end) in zip(segments, expected):
            self.assertAlmostEqual(segment["start"], start, delta=0.5)
            self.assertAlmostEqual(segment["end"], end, delta=0.5)
        self.assertEqual(words(segments[0]["text"])[:2], ["the", "quick"])
        self.assertEqual(words(segments[1]["text"]),
                         words("Podcasts are better when you can search everything that was said."))
        self.assertEqual(lines[-1], {"done": True, "seconds": round(len(pcm) / 2 / SAMPLE_RATE, 3)})

    def test_the_offset_is_added_to_every_time(self):
        pcm = silence(1) + self.second + silence(1)
        _, plain, _ = run_helper(pcm)
        status, shifted, _ = run_helper(pcm, "--offset", "1234.5")
        self.assertEqual(status, 0)
        self.assertEqual(len(shifted), len(plain))
        self.assertEqual(len(shifted), 3)
        self.assertAlmostEqual(shifted[1]["start"], plain[1]["start"] + 1234.5, places=2)
        self.assertAlmostEqual(shifted[1]["end"], plain[1]["end"] + 1234.5, places=2)
        self.assertEqual(shifted[1]["text"], plain[1]["text"])
        self.assertEqual(shifted[-1], plain[-1])

    def test_the_authors_reading_of_beckett_is_transcribed_with_its_words_in_order(self):
        pcm = pcm_of_wav(packaged_file("moonshine_onnx", "assets/beckett.wav"))
        status, lines, stderr = run_helper(pcm)
        self.assertEqual(status, 0, stderr)
        heard = [word for line in lines[1:-1] for word in words(line["text"])]
        self.assertEqual(heard, words(BECKETT))
        times = [(line["start"], line["end"]) for line in lines[1:-1]]
        self.assertEqual(times, sorted(times))
        self.assertTrue(all(0 <= start < end <= len(pcm) / 2 / SAMPLE_RATE for start, end in times))

    @unittest.skipUnless(os.path.isdir(LIBRIVOX), "pocketsphinx-testdata is needed (make deps)")
    def test_a_librivox_reading_comes_back_sentence_by_sentence_at_the_times_of_its_speech(self):
        clips = []
        with open(os.path.join(LIBRIVOX, "transcription")) as file:
            for line in file:
                text, _, name = line.strip().removeprefix("<s> ").rpartition(" </s> ")
                clips.append((pcm_of_wav(os.path.join(LIBRIVOX, name.strip("()") + ".wav")), text))
        pcm, expected = silence(1), []
        for clip, text in clips:
            start, end = sound_bounds(clip)
            at = len(pcm) / 2 / SAMPLE_RATE
            expected.append((at + start, at + end, text))
            pcm += clip + silence(2)
        status, lines, stderr = run_helper(pcm)
        self.assertEqual(status, 0, stderr)
        segments = lines[1:-1]
        self.assertEqual(len(segments), len(clips), segments)
        for segment, (start, end, text) in zip(segments, expected):
            self.assertAlmostEqual(segment["start"], start, delta=0.5)
            self.assertAlmostEqual(segment["end"], end, delta=0.5)
            heard = words(segment["text"].replace("Mr.", "mister"))
            wanted = words(text)
            self.assertLessEqual(len(set(wanted) ^ set(heard)), 1, (heard, wanted))

    def test_a_stream_without_speech_gives_only_the_description_and_done(self):
        pcm = silence(3) + quiet_noise(5)
        status, lines, _ = run_helper(pcm)
        self.assertEqual(status, 0)
        self.assertEqual(len(lines), 2)
        self.assertEqual(lines[1], {"done": True, "seconds": 8.0})

    def test_an_empty_stream_gives_done_with_no_seconds(self):
        status, lines, _ = run_helper(b"")
        self.assertEqual(status, 0)
        self.assertEqual(lines[1:], [{"done": True, "seconds": 0.0}])

    def test_a_bad_argument_is_one_line_on_stderr_and_a_nonzero_exit(self):
        for arguments in (["--offset", "soon"], ["--offset", "-3"], ["--fast"], ["--offset"]):
            status, lines, stderr = run_helper(b"", *arguments)
            self.assertNotEqual(status, 0)
            self.assertEqual(lines, [])
            self.assertEqual(len(stderr.strip().splitlines()), 1, stderr)

    def start(self, *arguments):
        process = subprocess.Popen([helper_command(), *arguments], stdin=subprocess.PIPE,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.addCleanup(self.stop, process)
        self.assert_description(json.loads(process.stdout.readline()))
        return process

    @staticmethod
    def stop(process):
        if process.poll() is None:
            process.kill()
        process.wait()
        for pipe in (process.stdin, process.stdout, process.stderr):
            try:
                pipe.close()
            except BrokenPipeError:
                pass

    def test_it_runs_at_idle_cpu_and_io_priority(self):
        process = self.start()
        with open(f"/proc/{process.pid}/stat") as file:
            nice = int(file.read().rsplit(")", 1)[1].split()[16])
        self.assertEqual(nice, 19)
        ionice = subprocess.run(["ionice", "-p", str(process.pid)], capture_output=True, text=True)
        self.assertEqual(ionice.stdout.strip(), "idle")
        process.stdin.close()

    def test_sigterm_ends_it_promptly_while_it_waits_and_while_it_transcribes(self):
        waiting = self.start()
        waiting.send_signal(signal.SIGTERM)
        self.assertEqual(waiting.wait(timeout=2), -signal.SIGTERM)
        busy = self.start()
        busy.stdin.write(silence(1) + self.first * 4)  # one long utterance: the engine is busy on it
        busy.stdin.flush()
        time.sleep(0.5)
        sent = time.monotonic()
        busy.send_signal(signal.SIGTERM)
        self.assertEqual(busy.wait(timeout=2), -signal.SIGTERM)
        self.assertLess(time.monotonic() - sent, 1)

    def test_sigstop_pauses_it_and_sigcont_lets_it_finish(self):
        process = self.start()
        process.send_signal(signal.SIGSTOP)
        with open(f"/proc/{process.pid}/stat") as file:
            time.sleep(0.2)
            self.assertEqual(file.read().rsplit(")", 1)[1].split()[0], "T")
        feeder = threading.Thread(target=lambda: (process.stdin.write(silence(1) + self.second + silence(1)),
                                                  process.stdin.close()))
        feeder.start()
        time.sleep(0.5)
        process.send_signal(signal.SIGCONT)
        output = process.stdout.read().decode()
        feeder.join()
        self.assertEqual(process.wait(timeout=30), 0)
        lines = [json.loads(line) for line in output.splitlines()]
        self.assertEqual(len(lines), 2)
        self.assertIn("search everything", lines[0]["text"].lower())


if __name__ == "__main__":
    unittest.main()
