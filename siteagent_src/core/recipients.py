"""Recipient and domain rules for sends (Gmail send, Calendar guests, Meet chat, ...).

A tool definition opts in with data: `'recipients': ['to', 'cc', 'bcc']` (argument names that hold
addresses, a string with commas/semicolons or a list of strings) and `'sink': 'gmail_send'`.
Rules per sink: `{allowed_domains, denied_domains, allowed_addresses, denied_addresses, confirm_new}`.
"""
from core.jsonval import kind_of, has_key, list_has
from core import reasons
from core.emails import normalize_address


def _field(obj, key, default):
    if has_key(obj, key):
        return obj[key]
    return default


def domain_of(address):
    at = address.find('@')
    return address[at + 1:] if at >= 0 else ''


def _split_list(text):
    parts = []
    current = ''
    for ch in text:
        if ch == ',' or ch == ';':
            parts.append(current)
            current = ''
        else:
            current = current + ch
    parts.append(current)
    return [p.strip() for p in parts if len(p.strip()) > 0]


def recipients_of(tool, args):
    """`{ok: True, recipients: [{field, address}]}` (deduplicated, in order) or a failure naming the field."""
    fields = _field(tool, 'recipients', [])
    out = []
    seen = []
    if kind_of(fields) != 'array' or kind_of(args) != 'object':
        return {'ok': True, 'recipients': out}
    for name in fields:
        if not has_key(args, name):
            continue
        value = args[name]
        items = []
        if kind_of(value) == 'string':
            items = _split_list(value)
        elif kind_of(value) == 'array':
            for item in value:
                if kind_of(item) != 'string':
                    return {'ok': False, 'reason': reasons.INVALID_ARGS, 'field': name,
                            'message': name + ': every recipient must be a string'}
                for part in _split_list(item):
                    items.append(part)
        else:
            continue
        for raw in items:
            address = normalize_address(raw)
            if address is None:
                return {'ok': False, 'reason': reasons.INVALID_ARGS, 'field': name,
                        'message': name + ': not an email address: ' + raw[:80]}
            if not list_has(seen, address):
                seen.append(address)
                out.append({'field': name, 'address': address})
    return {'ok': True, 'recipients': out}


def _lower_list(values):
    out = []
    if kind_of(values) == 'array':
        for v in values:
            if kind_of(v) == 'string':
                out.append(v.strip().lower())
    return out


def domain_matches(domain, pattern):
    """`example.com` matches itself and its subdomains; a leading `*.` or `@` is ignored."""
    p = pattern
    if p[:2] == '*.':
        p = p[2:]
    if p[:1] == '@':
        p = p[1:]
    if len(p) == 0:
        return False
    if domain == p:
        return True
    return len(domain) > len(p) and domain[len(domain) - len(p) - 1:] == '.' + p


def _any_domain(domain, patterns):
    for p in patterns:
        if domain_matches(domain, p):
            return True
    return False


def check_recipient(address, rules):
    """`{ok: True}` or `{ok: False, reason: 'recipient_not_allowed', message}`. Denials win; when an
    allow list exists (addresses or domains), the address must be on it."""
    domain = domain_of(address)
    if list_has(_lower_list(_field(rules, 'denied_addresses', [])), address):
        return {'ok': False, 'reason': reasons.RECIPIENT_NOT_ALLOWED, 'message': address + ' is on the denied list'}
    if _any_domain(domain, _lower_list(_field(rules, 'denied_domains', []))):
        return {'ok': False, 'reason': reasons.RECIPIENT_NOT_ALLOWED,
                'message': address + ': the domain ' + domain + ' is denied'}
    allowed_addresses = _lower_list(_field(rules, 'allowed_addresses', []))
    allowed_domains = _lower_list(_field(rules, 'allowed_domains', []))
    if len(allowed_addresses) == 0 and len(allowed_domains) == 0:
        return {'ok': True}
    if list_has(allowed_addresses, address) or _any_domain(domain, allowed_domains):
        return {'ok': True}
    return {'ok': False, 'reason': reasons.RECIPIENT_NOT_ALLOWED,
            'message': address + ' is not on the allowed list'}


def check_send(recipients, rules, max_recipients):
    """The first refusal for a send's recipient list, or `{ok: True}`. Over the cap: rate_limited."""
    if kind_of(max_recipients) == 'number' and len(recipients) > max_recipients:
        return {'ok': False, 'reason': reasons.RATE_LIMITED,
                'message': str(len(recipients)) + ' recipients; at most ' + str(max_recipients) + ' per send'}
    for r in recipients:
        verdict = check_recipient(r['address'], rules)
        if not verdict['ok']:
            verdict['field'] = r['field']
            return verdict
    return {'ok': True}


def confirmation_matches(address, typed):
    """The user typed the address itself or its domain (optionally with a leading @), any case."""
    if kind_of(typed) != 'string' or kind_of(address) != 'string':
        return False
    value = typed.strip().lower()
    if len(value) == 0:
        return False
    if value == address:
        return True
    if value[:1] == '@':
        value = value[1:]
    return value == domain_of(address)
