"""scripts/setup-transcriber on a stand-in helper whose requirements name no package (so pip needs
no network): it makes the environment and the wrapper, is quick the second time, and makes the
environment anew when the requirements change."""

import os
import shutil
import subprocess
import tempfile
import time
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from speech import REPOSITORY  # noqa: E402

HELPER = 'import sys\nprint("stand-in helper", *sys.argv[1:])\n'


class SetupTests(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.mkdtemp(prefix="earshot-setup-test-")
        self.addCleanup(shutil.rmtree, self.folder)
        os.makedirs(os.path.join(self.folder, "scripts"))
        os.makedirs(os.path.join(self.folder, "transcriber"))
        shutil.copy(os.path.join(REPOSITORY, "scripts", "setup-transcriber"), os.path.join(self.folder, "scripts"))
        self.write("transcriber/requirements.txt", "# nothing\n")
        self.write("transcriber/earshot_transcriber.py", HELPER)
        self.target = os.path.join(self.folder, "set up here")

    def write(self, relative, text):
        with open(os.path.join(self.folder, relative), "w") as file:
            file.write(text)

    def setup_script(self, *arguments):
        started = time.monotonic()
        result = subprocess.run([os.path.join(self.folder, "scripts", "setup-transcriber"), *arguments],
                                capture_output=True, text=True, timeout=300)
        return result, time.monotonic() - started

    def environment_id(self):
        return os.stat(os.path.join(self.target, "pyvenv.cfg")).st_ino, os.path.getmtime(
            os.path.join(self.target, "pyvenv.cfg"))

    def test_it_makes_an_environment_and_a_wrapper_that_runs_the_helper(self):
        result, _ = self.setup_script(self.target)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertTrue(os.path.exists(os.path.join(self.target, "pyvenv.cfg")))
        run = subprocess.run([os.path.join(self.target, "bin", "earshot-transcriber"), "--describe"],
                             capture_output=True, text=True, timeout=30)
        self.assertEqual(run.stdout, "stand-in helper --describe\n")

    def test_a_second_run_keeps_the_environment_and_copies_the_helper_again(self):
        self.assertEqual(self.setup_script(self.target)[0].returncode, 0)
        before = self.environment_id()
        self.write("transcriber/earshot_transcriber.py", HELPER.replace("stand-in", "newer"))
        result, seconds = self.setup_script(self.target)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(self.environment_id(), before)
        self.assertEqual(result.stderr, "")
        self.assertLess(seconds, 5)
        run = subprocess.run([os.path.join(self.target, "bin", "earshot-transcriber")],
                             capture_output=True, text=True, timeout=30)
        self.assertEqual(run.stdout, "newer helper\n")

    def test_changed_requirements_make_the_environment_anew(self):
        self.assertEqual(self.setup_script(self.target)[0].returncode, 0)
        before = self.environment_id()
        time.sleep(0.05)
        self.write("transcriber/requirements.txt", "# still nothing, but other text\n")
        result, _ = self.setup_script(self.target)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("setting up the speech recognition engine", result.stderr)
        self.assertNotEqual(self.environment_id(), before)

    def test_set_up_in_the_folder_it_is_installed_in_it_keeps_its_own_files(self):
        # make install PREFIX=~/.local: share/earshot/transcriber holds the script as `setup`, and is
        # also $XDG_DATA_HOME/earshot/transcriber, where the daemon looks for the helper.
        installed = os.path.join(self.folder, "share", "earshot", "transcriber")
        os.makedirs(installed)
        for name in ("requirements.txt", "earshot_transcriber.py"):
            shutil.copy(os.path.join(self.folder, "transcriber", name), installed)
        shutil.copy(os.path.join(self.folder, "scripts", "setup-transcriber"), os.path.join(installed, "setup"))
        for _ in range(2):
            result = subprocess.run([os.path.join(installed, "setup"), installed],
                                    capture_output=True, text=True, timeout=300)
            self.assertEqual(result.returncode, 0, result.stderr)
            self.assertEqual(sorted(name for name in os.listdir(installed) if "." in name or name == "setup"),
                             [".earshot-transcriber-installed", "earshot_transcriber.py", "pyvenv.cfg",
                              "requirements.txt", "setup"])
            run = subprocess.run([os.path.join(installed, "bin", "earshot-transcriber")],
                                 capture_output=True, text=True, timeout=30)
            self.assertEqual(run.stdout, "stand-in helper\n")

    def test_without_a_folder_it_says_how_it_is_used(self):
        result, _ = self.setup_script()
        self.assertEqual(result.returncode, 2)
        self.assertIn("usage: setup-transcriber DIR", result.stderr)


if __name__ == "__main__":
    unittest.main()
