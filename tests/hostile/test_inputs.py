"""The input side of the audit and the replay, in-process: JSON read safely, a big ChatGPT
export read one conversation at a time, malformed exports refused in words, the limits in the
commands' --help the ones the code holds."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgm.cli import main
from cardgm.verify import inputs, transcript_io
from cardgm.verify.inputs import InputError, iter_json_array, load_json, size_words
from cardgm.verify.transcript_io import TranscriptError, read_transcript, read_transcript_file

TRANSCRIPTS = Path(__file__).resolve().parents[1] / "transcripts"

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=30,
)


@settings(max_examples=200, deadline=None)
@given(st.lists(json_values, max_size=8), st.integers(1, 40), st.sampled_from(["", " ", "\n  ", "\t"]))
def test_a_json_array_read_in_chunks_is_the_array(items: list, chunk: int, space: str) -> None:
    """Whatever the chunk boundaries cut through (a string, a number, an escape), the elements
    come out whole and in order."""
    text = "[" + space + ("," + space).join(json.dumps(i, ensure_ascii=False) for i in items) + space + "]"
    got = list(iter_json_array(io.BytesIO(text.encode("utf-8")), "element", 10_000, chunk=chunk))
    assert got == json.loads(text)


@pytest.mark.parametrize("text", ["[1, 2", "[1 2]", "{}", "[1,]", '["a]'])
def test_a_broken_json_array_is_refused_in_words(text: str) -> None:
    with pytest.raises(InputError):
        list(iter_json_array(io.BytesIO(text.encode()), "element", 100, chunk=3))


def test_an_element_over_its_limit_is_refused() -> None:
    text = json.dumps([{"a": "x" * 500}])
    with pytest.raises(InputError, match="over 100 bytes"):
        list(iter_json_array(io.BytesIO(text.encode()), "conversation", 100, chunk=16))


def test_load_json_names_the_limits() -> None:
    with pytest.raises(InputError, match="100 levels"):
        load_json("[" * 101 + "]" * 101, "log")
    assert load_json("[" * 100 + "]" * 100, "log") is not None  # a hundred deep is read
    with pytest.raises(InputError, match="4,300 digits"):
        load_json("1" * 4300, "log")
    assert load_json("-" + "9" * 100, "log") == -int("9" * 100)
    with pytest.raises(InputError, match="line 1, column 2"):
        load_json("[}", "log")


# -- ChatGPT exports: damaged ones are refused in words, never with a traceback ------------------

nodes = st.dictionaries(
    st.sampled_from(["message", "parent", "children", "id"]),
    json_values | st.sampled_from(["a", "b", "c"]) | st.lists(st.sampled_from(["a", "b", "c"]), max_size=3),
    max_size=4,
)
messages = st.fixed_dictionaries(
    {},
    optional={
        "author": st.one_of(json_values, st.fixed_dictionaries({"role": st.sampled_from(["user", "assistant", 3, None])})),
        "content": st.one_of(
            json_values,
            st.fixed_dictionaries({"content_type": json_values | st.just("text"), "parts": json_values | st.lists(json_values)}),
        ),
        "metadata": json_values,
    },
)


@settings(max_examples=300, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(["a", "b", "c"]),
        st.one_of(nodes, json_values, st.builds(lambda m: {"message": m, "parent": "a", "children": []}, messages)),
        max_size=3,
    ),
    json_values | st.sampled_from(["a", "b", "c"]),
    json_values,
)
def test_a_damaged_chatgpt_export_is_read_or_refused_in_words(mapping: dict, current: object, title: object) -> None:
    text = json.dumps([{"title": title, "current_node": current, "mapping": mapping}])
    try:
        read_transcript(text)
    except TranscriptError:
        pass


@settings(max_examples=200, deadline=None)
@given(st.lists(json_values, max_size=5) | json_values)
def test_any_json_is_read_or_refused_in_words(value: object) -> None:
    try:
        read_transcript(json.dumps(value))
    except TranscriptError:
        pass


# -- a big export, streamed ------------------------------------------------------------------------


def test_an_export_over_the_transcript_limit_is_read_one_conversation_at_a_time(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The export's conversations are read in turn; the first with a LEDGER line is audited, and
    its turns are what reading the whole file gives."""
    game = json.loads((TRANSCRIPTS / "becalmed-clean-chatgpt.json").read_text(encoding="utf-8"))[0]
    filler = {
        "title": "bread",
        "current_node": "a",
        "mapping": {"a": {"message": {"author": {"role": "user"}, "content": {"content_type": "text", "parts": ["flour " * 300]}}, "parent": None}},
    }
    path = tmp_path / "conversations.json"
    path.write_text(json.dumps([filler] * 40 + [game, filler]), encoding="utf-8")
    whole = read_transcript(path.read_text(encoding="utf-8"))
    monkeypatch.setattr(transcript_io, "MAX_TRANSCRIPT_BYTES", 50_000)  # the export is ten times that
    streamed = read_transcript_file(path)
    assert streamed.turns == whole.turns
    assert "41 read" in streamed.notes[0] and "becalmed run" in streamed.notes[0]


def test_a_big_file_that_is_not_an_export_is_refused_with_both_limits(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "chat.txt"
    path.write_text("User: hi\nAssistant: [L] x\n" * 100, encoding="utf-8")
    monkeypatch.setattr(transcript_io, "MAX_TRANSCRIPT_BYTES", 1000)
    with pytest.raises(TranscriptError, match="up to 1,000 bytes, or a ChatGPT export"):
        read_transcript_file(path)


def test_utf16_with_its_mark_is_read(tmp_path: Path) -> None:
    text = (TRANSCRIPTS / "becalmed-clean-labels.txt").read_text(encoding="utf-8")
    path = tmp_path / "chat.txt"
    path.write_bytes(text.encode("utf-16"))
    assert read_transcript_file(path).turns == read_transcript(text).turns


# -- the limits a user reads in --help are the ones the code holds ----------------------------------


def test_audit_help_names_the_limits_the_code_holds() -> None:
    help_text = " ".join(CliRunner().invoke(main, ["audit", "--help"]).output.split())
    for words in (
        f"a transcript of up to {size_words(inputs.MAX_TRANSCRIPT_BYTES)}",
        f"of up to {size_words(inputs.MAX_EXPORT_BYTES)}",
        f"up to {inputs.MAX_MESSAGES:,} player messages and {inputs.MAX_TRANSCRIPT_LINES:,} lines",
        f"nested up to {inputs.MAX_JSON_DEPTH} levels",
    ):
        assert words in help_text, words


def test_verify_run_help_names_the_limits_the_code_holds() -> None:
    from cardgm.run import MAX_MESSAGE

    help_text = " ".join(CliRunner().invoke(main, ["verify", "run", "--help"]).output.split())
    for words in (
        f"a log of up to {size_words(inputs.MAX_LOG_BYTES)}",
        f"up to {inputs.MAX_MESSAGES:,} messages",
        f"a line of up to {inputs.MAX_LOG_LINE:,} characters",
        f"a reveal file of up to {size_words(inputs.MAX_REVEAL_BYTES)}",
        f"longer than {MAX_MESSAGE:,} characters",
    ):
        assert words in help_text, words
