"""The helper on a 6-minute stream fed as fast as it reads: its memory stays bounded (a resident peak
under 1 GB however long the stream: it holds one utterance at a time)."""

import json
import os
import subprocess
import sys
import threading
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from speech import SAMPLE_RATE, espeak, have_tools, helper_command, quiet_noise, silence  # noqa: E402

MINUTES = 6
PERIOD = 60            # seconds: one sentence, then quiet noise
PEAK_LIMIT_KB = 1024 * 1024


def status_kb(pid, field):
    with open(f"/proc/{pid}/status") as file:
        for line in file:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0


@unittest.skipUnless(have_tools(), "espeak-ng and gst-launch-1.0 are needed (make deps)")
class LongStreamTests(unittest.TestCase):
    def test_a_long_stream_is_transcribed_in_bounded_memory(self):
        sentence = silence(1) + espeak("Every episode is searchable once its words are written down.")
        period = sentence + quiet_noise(PERIOD - len(sentence) / 2 / SAMPLE_RATE)
        periods = MINUTES * 60 // PERIOD
        process = subprocess.Popen([helper_command()], stdin=subprocess.PIPE, stdout=subprocess.PIPE)

        def feed():
            for _ in range(periods):
                process.stdin.write(period)
            process.stdin.close()

        feeder = threading.Thread(target=feed)
        feeder.start()
        lines, peak = [], 0
        reader = threading.Thread(target=lambda: lines.extend(process.stdout))
        reader.start()
        while reader.is_alive():
            try:
                peak = max(peak, status_kb(process.pid, "VmHWM"))
            except FileNotFoundError:
                break
            time.sleep(0.2)
        reader.join()
        feeder.join()
        self.assertEqual(process.wait(timeout=60), 0)
        process.stdout.close()
        parsed = [json.loads(line) for line in lines]
        self.assertEqual(parsed[-1], {"done": True, "seconds": round(periods * len(period) / 2 / SAMPLE_RATE, 3)})
        segments = parsed[1:-1]
        self.assertEqual(len(segments), periods)
        # The same sentence lands on other 32 ms frame boundaries each time: most, not all, come out word for word.
        recognised = [segment for segment in segments if "episode is searchable" in segment["text"].lower()]
        self.assertGreater(len(recognised), periods // 2, segments)
        for index, segment in enumerate(segments):
            self.assertAlmostEqual(segment["start"], 1 + index * len(period) / 2 / SAMPLE_RATE, delta=0.5)
        self.assertLess(peak, PEAK_LIMIT_KB, f"peak resident memory {peak} kB")
        print(f"\n  {MINUTES} min stream: peak resident memory {peak / 1024:.0f} MB", file=sys.stderr)


if __name__ == "__main__":
    unittest.main()
