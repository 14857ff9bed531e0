"""Finds the model files that a Python package ships, and checks each against its pinned sha256.

The packages are found on the import path without being imported (their own code is never run):
only the files they carry are used. Any problem is reported as EngineUnavailable with plain words,
which the helper prints as its error line.
"""

import hashlib
import importlib.util
import os


class EngineUnavailable(Exception):
    """The engine cannot be loaded: a package is missing or a file is not the pinned one."""


def package_folder(package):
    """The folder of an installed package, found without importing it."""
    try:
        spec = importlib.util.find_spec(package)
    except (ImportError, ValueError):
        spec = None
    if spec is None or not spec.submodule_search_locations:
        raise EngineUnavailable(
            f"the Python package {package} is not installed (run the transcriber setup script)")
    return list(spec.submodule_search_locations)[0]


def sha256_of(path):
    digest = hashlib.sha256()
    with open(path, "rb") as file:
        for block in iter(lambda: file.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def checked_file(package, relative_path, expected_sha256):
    """The path of RELATIVE_PATH inside PACKAGE, after checking that its sha256 is the pinned one."""
    path = os.path.join(package_folder(package), relative_path)
    try:
        actual = sha256_of(path)
    except OSError as error:
        raise EngineUnavailable(
            f"cannot read {relative_path} from the package {package}: {error.strerror}") from None
    if actual != expected_sha256:
        raise EngineUnavailable(
            f"{path} is not the pinned file (sha256 {actual}, expected {expected_sha256}): "
            "reinstall the transcriber with its setup script")
    return path
