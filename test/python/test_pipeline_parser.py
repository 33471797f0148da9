"""The textual pipeline grammar (ttbw.passes.pipeline) without running anything."""
import pytest

from ttbw.passes.pipeline import PipelineError, parse_options, parse_pipeline


def test_nested_elements_and_options():
    elements = parse_pipeline("builtin.module(a{x=1 y=\"two words\"}, func.func(b, c{z={1,2}}), d)")
    assert [e.name for e in elements] == ["a", "func.func", "d"]
    assert elements[0].options == {"x": "1", "y": "two words"}
    assert [c.name for c in elements[1].children] == ["b", "c"]
    assert elements[1].children[1].options == {"z": "{1,2}"}
    assert elements[1].text() == "func.func(b,c{z={1,2}})"


def test_empty_module_pipeline_is_allowed():
    assert parse_pipeline("builtin.module()") == []


@pytest.mark.parametrize("text, column, message", [
    ("", 1, "empty pass pipeline"),
    ("cse", 1, "anchored on the module"),
    ("builtin.module(cse", 19, "expected ')'"),
    ("builtin.module(cse) x", 21, "unexpected 'x'"),
    ("builtin.module(a{x=1)", 17, "unterminated '{'"),
])
def test_errors_have_columns(text, column, message):
    with pytest.raises(PipelineError) as info:
        parse_pipeline(text)
    assert info.value.column == column
    assert message in str(info.value)


def test_option_flag_without_value():
    assert parse_options("verbose fuse=false") == {"verbose": "", "fuse": "false"}
