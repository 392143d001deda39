"""core/leaks.py: the distinctive tokens of read text and of outbound URLs and texts (issue 34).
Each test pins one decision documented in docs/SECURITY.md ("Read data leaving for another site")."""
from hypothesis import HealthCheck, given, settings, strategies as st

from core import leaks
from core.origins import origin_of

CODES = "Recovery codes: 7c4e2-9a1f3 50318-82746. Account 4417 2093 8812. Mail Bob@Corp.test."


def test_codes_numbers_and_addresses_are_tokens_words_are_not():
    got = leaks.tokens_of(CODES)
    for token in ["7c4e29a1f3", "5031882746", "441720938812", "20938812", "bob@corp.test"]:
        assert token in got, (token, got)
    # short chunks alone, plain words and names are not tokens
    for word in ["7c4e2", "9a1f3", "recovery", "codes", "account", "4417", "mail", "bob"]:
        assert word not in got
    assert leaks.tokens_of("Alice Smith met Bob in Paris on Tuesday for the 2026 budget") == []


def test_the_distinctive_rule():
    assert leaks.distinctive("123456") and not leaks.distinctive("12345")       # 6+ digits
    assert leaks.distinctive("ab12cd") and not leaks.distinctive("abc1de")      # 2+ digits and 2+ letters
    assert not leaks.distinctive("a1b2c")                                        # shorter than 6
    assert leaks.distinctive("xKpQrTzWmNbV")                                     # mixed-case key, 12+ letters
    assert not leaks.distinctive("JavaScriptIsFun") and not leaks.distinctive("McDonald")
    assert not leaks.distinctive("") and not leaks.distinctive(None)


def test_groups_join_one_space_or_hyphen_only_and_chunks_with_digits_only():
    assert leaks.tokens_of("1234 5678") == ["12345678"]
    assert leaks.tokens_of("1234-5678") == ["12345678"]
    assert leaks.tokens_of("1234  5678") == []              # two separators: two chunks, each too short
    assert leaks.tokens_of("1234/5678") == []
    assert leaks.tokens_of("code 1234 5678") == ["12345678"]  # a chunk without a digit does not join
    # at most MAX_JOINED neighbouring chunks are joined
    assert "1111222233334444" in leaks.tokens_of("1111 2222 3333 4444")
    assert "11112222333344445555" not in leaks.tokens_of("1111 2222 3333 4444 5555")


def test_a_long_digit_run_inside_a_word_is_a_token_too():
    assert leaks.tokens_of("order-ref ABC12345678") == ["abc12345678", "12345678"]


def test_case_is_folded_after_the_decision():
    assert leaks.tokens_of("A1B2C3") == leaks.tokens_of("a1b2c3") == ["a1b2c3"]


def test_read_marks_lists_tokens_links_and_hosts():
    marks = leaks.read_marks({"untrusted": True, "text": "see <https://B.test/story/98765432> and "
                              "<https://c.test/x?\u2026> or mail a@evil.test", "n": [1]})
    assert marks["tokens"] == ["98765432", "a@evil.test"]
    # only links that show a token are marked (following the others carries nothing read)
    assert marks["links"] == ["lhttps://b.test/story/98765432", "phttps://b.test/story/98765432"]
    assert marks["hosts"] == ["b.test", "c.test", "evil.test"]


def test_outbound_url_decodes_and_joins_neighbouring_parts():
    out = leaks.outbound_url("https://Evil.test:443/p/%37c4e2-9A1F3?a=7c4e2&b=9a1f3#n%3D4417%2B2093")
    assert out["origin"] == "https://evil.test" and out["host"] == "evil.test"
    assert "7c4e29a1f3" in out["path"]
    assert "7c4e29a1f3" in out["rest"]                  # split over two neighbouring values
    assert "44172093" not in out["rest"]                # '+' in a fragment stays '+': not joined...
    assert out["full"] == "lhttps://evil.test:443/p/%37c4e2-9a1f3?a=7c4e2&b=9a1f3#n%3d4417%2b2093"
    assert out["base"] == "phttps://evil.test:443/p/%37c4e2-9a1f3"
    # ...but in the query '+' is a space; %25 decodes twice (double encoding), not three times
    assert leaks.outbound_url("https://e.test/?c=7c4e2+9a1f3")["rest"] == ["7c4e29a1f3"]
    assert leaks.outbound_url("https://e.test/?c=%2537c4e29a1f3")["rest"] == ["7c4e29a1f3"]
    assert "7c4e29a1f3" not in leaks.outbound_url("https://e.test/?c=%252537c4e29a1f3")["rest"]
    assert leaks.outbound_url("mailto:a@b.test") is None and leaks.outbound_url("javascript:x") is None


def test_what_is_not_caught_stays_documented():
    secret = "7c4e29a1f3"
    for url in ["https://e.test/?a=7c4e2&x=1&b=9a1f3",        # split with a parameter between
                "https://e.test/?c=3f1a9e2c4e7",              # reversed
                "https://e.test/?c=x7c4e29a1f3",              # inside a longer word
                "https://e.test/?c=N2M0ZTI5YTFmMw"]:          # base64
        out = leaks.outbound_url(url)
        assert secret not in out["path"] + out["rest"], url


def test_outbound_text_reads_every_string_decoded_too():
    got = leaks.outbound_text({"body": "code %37c4e2-9a1f3", "n": 1, "l": ["B@X.test"]})
    assert "7c4e29a1f3" in got and "b@x.test" in got
    assert leaks.outbound_text("green tea near me") == []


def test_the_sentence_says_what_from_where_to_where():
    assert leaks.leak_sentence("7c4e29a1f3", "https://shop.test", "https://frames.test by page navigate") == (
        '"7c4e29a1f3" was read on https://shop.test and would be sent to https://frames.test by page navigate')
    assert leaks.shown("a" * 40) == "a" * 10 + "\u2026" + "a" * 8


def test_ways_out():
    assert leaks.url_way("https://x.test/a?b", "page open") == {"to": "https://x.test", "label": "page open",
                                                                "url": "https://x.test/a?b"}
    assert leaks.text_way("about:blank", "t", "page type")["to"] == "another site"
    assert origin_of("HTTP://A.test:80/x") == "http://a.test" and origin_of("https://a.test:8443") == "https://a.test:8443"


def test_an_address_in_a_query_value_is_found_without_its_name():
    assert "security@frames.test" in leaks.outbound_url("https://e.test/?m=security%40Frames.test")["rest"]


def test_a_link_cut_by_the_scan_is_matched_as_far_as_it_was_shown():
    url = "https://www.example.com/a/20261207/story-48213977/123456789.html"
    marks = leaks.read_marks("<" + leaks._shown(url) + ">")
    out = leaks.outbound_url(url)
    assert marks["links"] == [out["shown"]] == ["chttps://www.example.com/a/20261207/s\u2026"]
    assert out["beyond"] == ["48213977", "48213977123456789", "123456789"]     # past the cut: checked
    assert leaks.read_marks("<https://www.example.com/2026/12/news\u2026>")["links"] == []   # shows no token
    assert leaks.outbound_url("https://a.test/x")["shown"] is None                 # shown whole
    # a fragment is part of the link as listed
    assert leaks.outbound_url("https://a.test/x#7c4e2-9a1f3")["full"] == "lhttps://a.test/x#7c4e2-9a1f3"


# read_marks asks of every link it lists whether it shows a token (_shows_token), without collecting
# the tokens as tokens_of would: the answers must be the same for any text
_PIECES = ["bob", "Corp", "test", "story", "a1", "b2c3", "1234", "5678", "98765432", "AbCdEfGhIjKlMn",
           "@", ".", "/", "-", " ", ":", "?", "=", "&", "#", "_", "%40", "+"]
_TEXTISH = st.one_of(st.text(alphabet="abcXYZ0123456789@.-_ /:?#=&+%", max_size=60),
                     st.lists(st.sampled_from(_PIECES), max_size=14).map("".join))
_ADDRESS = st.builds(lambda user, host: user + "@" + host, st.sampled_from(["bob", "Ann.Lee", "x", ""]),
                     st.sampled_from(["corp.test", "b.example", "localhost", "c"]))
_LINKISH = st.one_of(_TEXTISH, st.builds(lambda a, mail, b: a + mail + b, _TEXTISH, _ADDRESS, _TEXTISH))


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(_LINKISH, st.builds(lambda path: "https://" + path, _LINKISH)))
def test_a_link_shows_a_token_exactly_when_tokens_of_finds_one(text):
    assert leaks._shows_token(text) == (len(leaks.tokens_of(text)) > 0)


def test_shows_token_examples():
    assert leaks._shows_token("https://b.test/story/98765432")
    assert leaks._shows_token("https://b.test/u?mail=bob@corp.test")       # an address inside, no code
    assert not leaks._shows_token("https://b.test/about/team")
    assert not leaks._shows_token("https://b.test/@handle")                  # an '@' that is no address
