"""Patches between two views: correct RFC 6902 in every case, log growth as appends."""

from __future__ import annotations

import copy

import jsonpatch
import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench import patching
from games import registry
from spacemission.matches import patches
from spacemission.matches.patches import view_patch

TOY = registry.get("toy")


def as_json(value) -> bytes:
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)


def check(old, new):
    """The ops, once checked to turn ``old`` into exactly ``new`` (JSON types too)."""
    ops = view_patch(old, new)
    assert as_json(jsonpatch.apply_patch(copy.deepcopy(old), ops)) == as_json(new)
    # The load generator's own applier agrees with the reference.
    assert as_json(patching.apply(copy.deepcopy(old), copy.deepcopy(ops))) == as_json(new)
    return ops


def test_new_log_entries_are_appended_and_the_rest_is_diffed():
    old = {"round": 1, "log": [{"text": "a"}], "me": {"hand": ["c01", "c02"]}}
    new = {
        "round": 2,
        "log": [{"text": "a"}, {"text": "b"}, {"text": "c"}],
        "me": {"hand": ["c02"]},
    }
    ops = check(old, new)
    assert ops[-2:] == [
        {"op": "add", "path": "/log/-", "value": {"text": "b"}},
        {"op": "add", "path": "/log/-", "value": {"text": "c"}},
    ]
    assert not any(op["path"].startswith("/log/") and op["path"] != "/log/-" for op in ops)


def test_an_unchanged_view_needs_no_ops():
    view = {"round": 1, "log": [{"text": "a"}]}
    assert check(view, copy.deepcopy(view)) == []


def test_a_log_that_did_not_only_grow_is_diffed_whole():
    old = {"log": [{"text": "a"}, {"text": "b"}]}
    for new in ({"log": [{"text": "b"}]}, {"log": [{"text": "x"}, {"text": "b"}, {"text": "c"}]}):
        check(old, new)


def test_json_types_are_told_apart():
    for old, new in ((True, 1), (1, True), (0, False), ([1], [True]), ({"a": 1}, {"a": True})):
        assert check({"x": old}, {"x": new})


def test_list_changes_at_either_end_or_inside_are_small():
    assert check({"l": [1, 2, 3]}, {"l": [0, 1, 2, 3]}) == [
        {"op": "add", "path": "/l/0", "value": 0}
    ]
    assert check({"l": [1, 2, 3]}, {"l": [1, 3]}) == [{"op": "remove", "path": "/l/1"}]
    assert check({"l": [1, 2, 3]}, {"l": [1, 2, 3, 4]}) == [
        {"op": "add", "path": "/l/3", "value": 4}
    ]
    assert check({"a/b~": {"c": 1}}, {"a/b~": {"c": 2}}) == [
        {"op": "replace", "path": "/a~1b~0/c", "value": 2}
    ]


def test_a_part_that_changed_wholesale_is_replaced_whole():
    """A seat's legal actions as its turn starts: every entry differs, and the ops of a
    diff would be longer than the new list itself."""
    old = {"legal": [{"type": "pick", "tile": t} for t in ("t1", "t2", "t3")], "round": 1}
    new = {"legal": [{"type": "fly", "planet": p} for p in ("ares", "vega", "zora")], "round": 1}
    assert check(old, new) == [{"op": "replace", "path": "/legal", "value": new["legal"]}]


def test_a_part_mostly_remade_is_replaced_whole_without_a_diff():
    """A seat's reasons as its turn ends: one entry of seven as it was."""
    old = {"why_not": {"pick": "not_looking", **{k: "on_gate" for k in "abcdef"}}}
    new = {"why_not": {"pick": "not_looking", **{k: "turn_done" for k in "abcdef"}}}
    assert check(old, new) == [{"op": "replace", "path": "/why_not", "value": new["why_not"]}]


@pytest.mark.parametrize(
    ("old", "new", "remade"),
    [
        ({"a": 1, "b": 2, "c": 3, "d": 4}, {"a": 9, "b": 9, "c": 9, "d": 9}, True),
        ({"a": 1, "b": 2, "c": 3, "d": 4}, {"a": 1, "b": 9, "c": 9, "d": 9}, False),  # 1 of 4
        ({"a": 1, "b": 2, "c": 3, "d": 4, "e": 5}, {"a": 1, "x": 2, "y": 3, "z": 4, "w": 5}, True),
        ([1, 2, 3, 4, 5, 6, 7, 8], [0, 0, 3, 0, 0, 0, 0, 8], False),  # in place: 2 of 8
        ([1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 0, 0, 0, 0, 0, 0, 0, 0], True),
        ([1, 2, 3, 4], [0, 1, 2, 3, 4], False),  # shifted by one: a common tail
        ([1, 2, 3, 4, 5, 6, 7, 8], [1, 9, 9, 9, 9, 9, 9, 9, 9], True),  # head 1 of 9
        ([1], [2], False),  # a single entry is diffed
        ({"a": 1}, [1, 2], False),  # another type: diffed (replaced by the diff)
        ([True, True, True, True], [1, 1, 1, 1], False),  # == keeps it to be diffed
    ],
)
def test_which_parts_count_as_remade(old, new, remade):
    assert patches.remade(old, new) is remade
    check({"p": old}, {"p": new})


def test_a_part_with_a_small_change_is_still_diffed():
    ring = [{"planet": p, "ships": [], "stack": 4} for p in ("ares", "vega", "zora", "mira")]
    moved = [dict(ring[0], ships=[2]), *ring[1:3], dict(ring[3], stack=3)]
    assert check({"ring": ring}, {"ring": moved}) == [
        {"op": "add", "path": "/ring/0/ships/0", "value": 2},
        {"op": "replace", "path": "/ring/3/stack", "value": 3},
    ]


def test_views_without_a_log_or_with_a_log_of_another_type():
    check({"a": 1}, {"a": 2, "log": [1]})
    check({"a": 1, "log": [1]}, {"a": 1})
    check({"log": "text"}, {"log": ["text"]})


def test_every_step_of_a_toy_game_for_every_audience():
    state = TOY.setup(3, {"cards_per_seat": 4}, 11)
    while TOY.active_seats(state):
        seat = TOY.active_seats(state)[0]
        after, _ = TOY.apply(state, seat, TOY.legal_actions(state, seat)[0])
        for audience in (0, 1, 2, None):
            check(TOY.view(state, audience), TOY.view(after, audience))
        state = after


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**63 - 1) | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(
    old=st.dictionaries(st.text(max_size=4), json_values, max_size=5),
    new=st.dictionaries(st.text(max_size=4), json_values, max_size=5),
    log=st.lists(json_values, max_size=4),
    more=st.lists(json_values, max_size=3),
)
def test_any_two_views_with_a_growing_log(old, new, log, more):
    check({**old, "log": log}, {**new, "log": log + more})
    check(old, new)
