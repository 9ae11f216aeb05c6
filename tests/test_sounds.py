"""The card-room sounds (scripts/sounds.py): made the same every time, real WAV files of
the lengths the client expects, each with its licence beside it."""

from __future__ import annotations

import hashlib
import subprocess
import sys
import wave
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LENGTHS = {"shuffle": 1.25, "deal": 0.9, "card": 0.16, "trick": 0.5, "win": 2.2}


def make(folder: Path) -> dict[str, str]:
    subprocess.run([sys.executable, str(ROOT / "scripts" / "sounds.py"), str(folder)], check=True)
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir())}


def test_the_sounds_are_made_the_same_every_time(tmp_path: Path) -> None:
    assert make(tmp_path / "a") == make(tmp_path / "b")


def test_each_sound_is_a_mono_wav_of_its_length_with_sound_in_it(tmp_path: Path) -> None:
    make(tmp_path)
    for name, seconds in LENGTHS.items():
        with wave.open(str(tmp_path / f"{name}.wav")) as w:
            assert (w.getnchannels(), w.getsampwidth()) == (1, 2)
            assert abs(w.getnframes() / w.getframerate() - seconds) < 0.05, name
            frames = w.readframes(w.getnframes())
        peak = max(
            abs(int.from_bytes(frames[i : i + 2], "little", signed=True))
            for i in range(0, len(frames), 2)
        )
        assert peak > 20000, f"{name} is silent"
    licence = (tmp_path / "LICENSE.txt").read_text(encoding="utf-8")
    assert "CC0" in licence and "no recording" in licence


def test_the_client_asks_for_exactly_the_sounds_the_script_makes() -> None:
    source = (ROOT / "client" / "src" / "lib" / "sound.ts").read_text(encoding="utf-8")
    for name in LENGTHS:
        assert f"file: '{name}'" in source
