"""Plain-text previews shown in the approval window before an irreversible action."""
from core.jsonval import kind_of, str_len, str_head, code_point

PREVIEW_CAP = 1500


def clean_text(text):
    """Drop control characters (keeping newline and tab) and bidi overrides that could disguise text."""
    if kind_of(text) != 'string':
        return ''
    parts = []
    for ch in text:
        code = code_point(ch)
        if code == 9 or code == 10:
            parts.append(ch)
        elif code < 0x20 or (code >= 0x7F and code <= 0x9F):
            continue
        elif (code >= 0x202A and code <= 0x202E) or (code >= 0x2066 and code <= 0x2069):
            continue
        else:
            parts.append(ch)
    return ''.join(parts)


def _value_text(value):
    if kind_of(value) == 'array':
        texts = []
        for item in value:
            if kind_of(item) == 'string':
                texts.append(clean_text(item))
        return ', '.join(texts)
    return clean_text(value)


def cap_text(text, cap):
    """text, or its first `cap` code points plus `… (N more characters)`."""
    total = str_len(text)
    if total <= cap:
        return text
    return str_head(text, cap) + '… (' + str(total - cap) + ' more characters)'


def build_preview(sections, cap):
    """One `Label: value` block per `[label, value]` section, in order (value: str or list of str,
    lists joined with ", "), capped at cap (PREVIEW_CAP when None) characters."""
    if cap is None:
        cap = PREVIEW_CAP
    blocks = []
    if kind_of(sections) == 'array':
        for section in sections:
            if kind_of(section) != 'array' or len(section) < 2:
                continue
            blocks.append(clean_text(section[0]) + ': ' + _value_text(section[1]))
    return cap_text('\n'.join(blocks), cap)


def _has_any(value):
    if kind_of(value) == 'array':
        for item in value:
            if kind_of(item) == 'string' and len(item) > 0:
                return True
        return False
    return kind_of(value) == 'string' and len(value) > 0


def send_preview(to, cc, bcc, subject, body):
    """Recipients first (To, then Cc and Bcc when present), then Subject, then Body."""
    sections = [['To', to]]
    if _has_any(cc):
        sections.append(['Cc', cc])
    if _has_any(bcc):
        sections.append(['Bcc', bcc])
    sections.append(['Subject', subject])
    sections.append(['Body', body])
    return build_preview(sections, PREVIEW_CAP)
