"""The segmenter's rules on made-up speech probabilities (no model, milliseconds)."""

import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from segmenter import Segmenter, Settings  # noqa: E402

SPEECH, QUIET = 0.9, 0.05


def run(probabilities, settings=Settings()):
    """Feeds frames numbered 0, 1, ... (each frame is its own index) and returns the utterances."""
    segmenter = Segmenter(settings)
    utterances = []
    for index, probability in enumerate(probabilities):
        utterances += segmenter.push(index, probability)
    return utterances + segmenter.finish(), segmenter


class SegmenterTests(unittest.TestCase):
    def test_speech_between_pauses_is_one_utterance_from_its_first_to_its_last_speech_frame(self):
        utterances, _ = run([QUIET] * 50 + [SPEECH] * 40 + [QUIET] * 50)
        self.assertEqual([(u.start, u.end) for u in utterances], [(50, 90)])

    def test_the_model_gets_the_speech_with_the_pad_before_and_after(self):
        utterances, _ = run([QUIET] * 50 + [SPEECH] * 40 + [QUIET] * 50)
        pad = Settings().pad
        self.assertEqual(utterances[0].frames, list(range(50 - pad, 90 + pad)))

    def test_a_pause_shorter_than_the_setting_keeps_one_utterance(self):
        short = Settings().pause - 2
        utterances, _ = run([QUIET] * 20 + [SPEECH] * 30 + [QUIET] * short + [SPEECH] * 30 + [QUIET] * 40)
        self.assertEqual([(u.start, u.end) for u in utterances], [(20, 80 + short)])

    def test_a_pause_as_long_as_the_setting_splits_the_speech(self):
        pause = Settings().pause
        utterances, _ = run([QUIET] * 20 + [SPEECH] * 30 + [QUIET] * pause + [SPEECH] * 30 + [QUIET] * 40)
        self.assertEqual([(u.start, u.end) for u in utterances], [(20, 50), (50 + pause, 80 + pause)])

    def test_frames_between_the_two_thresholds_neither_start_nor_end_a_pause(self):
        middle = 0.4
        utterances, _ = run([QUIET] * 10 + [SPEECH] * 20 + [middle] * 40 + [SPEECH] * 10 + [QUIET] * 40)
        self.assertEqual([(u.start, u.end) for u in utterances], [(10, 80)])

    def test_a_blip_shorter_than_the_shortest_speech_is_dropped(self):
        utterances, _ = run([QUIET] * 20 + [SPEECH] * (Settings().shortest - 1) + [QUIET] * 40)
        self.assertEqual(utterances, [])

    def test_silence_alone_gives_nothing_and_keeps_only_the_pre_roll(self):
        utterances, segmenter = run([QUIET] * 10_000)
        self.assertEqual(utterances, [])
        self.assertLessEqual(len(segmenter.kept), Settings().pad)

    def test_the_end_of_the_stream_closes_the_utterance_under_way(self):
        utterances, _ = run([QUIET] * 10 + [SPEECH] * 30)
        self.assertEqual([(u.start, u.end) for u in utterances], [(10, 40)])

    def test_the_end_of_the_stream_during_a_short_pause_ends_the_utterance_where_the_pause_began(self):
        utterances, _ = run([QUIET] * 10 + [SPEECH] * 30 + [QUIET] * 5)
        self.assertEqual([(u.start, u.end) for u in utterances], [(10, 40)])

    def test_speech_without_pauses_is_cut_into_pieces_no_longer_than_the_longest(self):
        longest = Settings().longest
        utterances, segmenter = run([SPEECH] * 3000)
        self.assertGreater(len(utterances), 1)
        for utterance in utterances:
            self.assertLessEqual(len(utterance.frames), longest)
        self.assertEqual(utterances[0].start, 0)
        self.assertEqual(utterances[-1].end, 3000)
        for before, after in zip(utterances, utterances[1:]):
            self.assertEqual(before.end, after.start)

    def test_a_long_utterance_is_cut_in_the_middle_of_its_longest_quiet_stretch(self):
        # 10 s of speech, a short quiet stretch (too short to end it), more speech past the longest.
        s = Settings()
        quiet = s.pause - 4
        probabilities = [SPEECH] * 300 + [QUIET] * quiet + [SPEECH] * 400
        utterances, _ = run(probabilities)
        self.assertEqual(utterances[0].end, 300 + quiet // 2)
        self.assertEqual(utterances[1].start, 300 + quiet)

    def test_no_cut_falls_in_the_first_seconds_of_an_utterance(self):
        s = Settings()
        probabilities = [SPEECH] * 20 + [0.4] + [SPEECH] * 600
        utterances, _ = run(probabilities)
        self.assertGreaterEqual(utterances[0].end - utterances[0].start, s.shortest_cut)

    def test_memory_is_bounded_by_the_longest_utterance(self):
        segmenter = Segmenter()
        most = 0
        for index in range(20_000):
            segmenter.push(index, SPEECH if (index // 700) % 2 == 0 else QUIET)
            most = max(most, len(segmenter.kept))
        self.assertLessEqual(most, Settings().longest)


if __name__ == "__main__":
    unittest.main()
