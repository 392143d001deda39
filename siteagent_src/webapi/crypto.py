"""crypto.subtle helpers for signed calls: base64url, pinned-key import, signature checks, nonces."""


def b64url_text(segment):
    """A base64url segment decoded as strict UTF-8: {ok, value} or {ok: false, error}."""
    __pragma__('js', '{}', '''
    try {
        var b64 = segment.replace(/-/g, "+").replace(/_/g, "/");
        while (b64.length % 4) b64 += "=";
        var bin = atob(b64);
        var bytes = new Uint8Array(bin.length);
        for (var i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
        return {ok: true, value: new TextDecoder("utf-8", {fatal: true}).decode(bytes)};
    } catch (e) { return {ok: false, error: String((e && e.message) || e)}; }''')


def b64url_json(segment):
    """A base64url segment holding JSON: {ok, value} or {ok: false, error}."""
    __pragma__('js', '{}', '''
    var text = b64url_text(segment);
    if (!text.ok) return text;
    try { return {ok: true, value: JSON.parse(text.value)}; }
    catch (e) { return {ok: false, error: "not JSON"}; }''')


def _bytes(segment):
    __pragma__('js', '{}', '''
    var b64 = segment.replace(/-/g, "+").replace(/_/g, "/");
    while (b64.length % 4) b64 += "=";
    var bin = atob(b64);
    var bytes = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    return bytes;''')


_keys = {}


def _params(alg):
    if alg == 'EdDSA':
        return {'import': {'name': 'Ed25519'}, 'verify': {'name': 'Ed25519'}, 'sig_len': 64}
    return {'import': {'name': 'ECDSA', 'namedCurve': 'P-256'}, 'verify': {'name': 'ECDSA', 'hash': 'SHA-256'},
            'sig_len': 64}


async def pinned_key(alg, raw_b64url):
    """The build's public key (raw point, base64url), imported once per worker."""
    __pragma__('js', '{}', '''
    var id = alg + ":" + raw_b64url;
    if (!_keys[id]) {
        _keys[id] = crypto.subtle.importKey("raw", _bytes(raw_b64url), _params(alg)["import"], false, ["verify"]);
    }
    return await _keys[id];''')


async def verify_signature(alg, raw_b64url, signature_b64url, signing_input):
    """True when the signature (raw r||s for ES256, 64 bytes for EdDSA) verifies over signing_input."""
    __pragma__('js', '{}', '''
    try {
        var sig = _bytes(signature_b64url);
        if (sig.length !== _params(alg).sig_len) return false;
        var key = await pinned_key(alg, raw_b64url);
        return await crypto.subtle.verify(_params(alg).verify, key, sig, new TextEncoder().encode(signing_input));
    } catch (e) { return false; }''')


def random_nonce():
    """32 random bytes, base64url (43 characters)."""
    __pragma__('js', '{}', '''
    var bytes = crypto.getRandomValues(new Uint8Array(32));
    var bin = "";
    for (var i = 0; i < bytes.length; i++) bin += String.fromCharCode(bytes[i]);
    return btoa(bin).replace(/\\+/g, "-").replace(/\\//g, "_").replace(/=+$/, "");''')
