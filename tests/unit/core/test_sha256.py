"""core/sha256.py against hashlib (the JS side is compared with CPython in tests/parity)."""
import hashlib

from hypothesis import given, settings, strategies as st

from core.sha256 import sha256_hex_of, MAX_BYTES


def test_the_standard_vectors_and_every_padding_length():
    assert sha256_hex_of(b"") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
    assert sha256_hex_of(b"abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    two_blocks = b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
    assert sha256_hex_of(two_blocks) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
    for size in range(0, 200):          # every length around the 55/56/64-byte padding edges, high bytes too
        data = bytes((i * 37 + 200) % 256 for i in range(size))
        assert sha256_hex_of(data) == hashlib.sha256(data).hexdigest(), size
    assert sha256_hex_of(list(b"abc")) == sha256_hex_of(b"abc")      # any sequence of byte values


@settings(max_examples=300)
@given(st.binary(max_size=600))
def test_agrees_with_hashlib(data):
    assert sha256_hex_of(data) == hashlib.sha256(data).hexdigest()


@given(st.text(max_size=80))
def test_agrees_with_hashlib_on_the_utf8_of_text(text):
    data = text.encode("utf-8", "surrogatepass")
    assert sha256_hex_of(data) == hashlib.sha256(data).hexdigest()


def test_refuses_what_it_cannot_say_the_length_of():
    class Huge:
        def __len__(self):
            return MAX_BYTES + 1
    assert sha256_hex_of(Huge()) is None
