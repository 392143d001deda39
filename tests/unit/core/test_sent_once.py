from core import sent_once
from core.sent_once import LONG, MARK, new_memo, restore_received, squeeze_sent

BIG = "x" * LONG
OTHER = "y" * LONG


def channel(values):
    """What a receiver gets for each value posted in order on one channel, and what went over it."""
    sent, received = new_memo(), new_memo()
    wire, out = [], []
    for value in values:
        posted = squeeze_sent(sent, value)
        wire.append(posted)
        out.append(restore_received(received, posted))
    return wire, out


def test_a_long_text_repeated_is_sent_once_and_received_whole():
    values = [{"ok": True, "payload": {"result": {"text": BIG, "tab": 1}}},
              {"ok": True, "payload": {"result": {"text": BIG, "tab": 1}}},
              {"ok": True, "payload": {"result": {"text": OTHER}}},
              {"ok": True, "payload": {"result": {"text": OTHER, "again": OTHER}}},
              {"ok": True, "payload": {"result": {"text": BIG}}}]
    wire, out = channel(values)
    assert out == values
    assert wire[0] == values[0] and wire[2] == values[2] and wire[4] == values[4]
    assert wire[1]["payload"]["result"] == {"text": {MARK: True}, "tab": 1}
    assert wire[3]["payload"]["result"] == {"text": {MARK: True}, "again": {MARK: True}}


def test_the_senders_value_is_not_changed_and_short_or_listed_strings_go_as_they_are():
    memo = new_memo()
    value = {"a": {"text": BIG}}
    squeeze_sent(memo, value)
    again = squeeze_sent(memo, value)
    assert value == {"a": {"text": BIG}} and again == {"a": {"text": {MARK: True}}}
    short = {"text": "short", "rows": [BIG, BIG]}
    assert squeeze_sent(memo, short) is short      # arrays are not looked into
    assert squeeze_sent(new_memo(), BIG) == BIG


def test_deep_values_and_a_marker_without_a_text_pass_through():
    deep = {"a": {"b": {"c": {"d": {"e": {"f": {"g": BIG}}}}}}}
    memo = new_memo()
    squeeze_sent(memo, deep)
    assert squeeze_sent(memo, deep) is deep        # past MAX_DEPTH: sent whole
    marker = {MARK: True}
    assert restore_received(new_memo(), {"t": marker}) == {"t": marker}
    assert sent_once.MAX_DEPTH == 6
