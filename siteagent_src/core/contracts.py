"""Page contracts: what a site adapter relies on in a page it does not control, as data.

Each site keeps one table (`sites/<site>/contracts.py` `TABLE`): every selector, attribute, label and
text format its code reads, and what depends on it. The code finds elements only through the table
(the tab half's locate helpers, sites/kit/tab_locate.py), the health check reports per contract
(computed in the tab), and an irreversible tool that depends on an unconfirmed contract says so in
its description and in its approval window.

The table is split by who reads it, each part written once:
- `contracts.py` (the tab's; only content.js carries it): every row as the tab reads it,
  `contract(cid, locators, status, used_by, where)`, and `unconfirmed_contract(ROW, locators, where)`
  for a row of unconfirmed.py;
- `evidence.py` (the docs' and the tests'; no bundle): `evidence(cid, what, citations, note)` for each
  confirmed or partly contract;
- `unconfirmed.py` (the worker's caveats, and the tab's table): `unconfirmed(cid, what, citations,
  used_by, note)` for each unconfirmed contract, all the service worker carries of the table
  (`declare_contracts` in tools.py).
The verifier (buildtool/sites.py, SA711) proves every contract has its evidence exactly once, and
joins the three back (`with_evidence`) for the docs and the tests.

- `locators`: tried in order, the first that finds anything wins (role and name first, stable
  attributes next, text last). `{'css': 'button[aria-label="{leave_call}"]'}`: `{key}` is filled from
  the site's label table for the page's language (a list of texts makes one alternative each);
  `'name': key` keeps the elements whose accessible name (aria-labelledby, aria-label, text) matches,
  `'text': key` those whose spoken text matches (`'match'`: equals | starts | contains);
  `{'page_text': key}`: the page's text contains one of the texts. A contract with no locator is a
  format (a label layout, a URL shape) read by pure code.
- `status`: confirmed (a repository that drives the real site, a real capture, or two independent
  excerpts show it), partly (some versions or clauses only, or one excerpt), unconfirmed (no source or
  capture: reconstructed).
- `evidence`: strings, `owner/repo@commit:path#Lline` (a repository), `capture <file>: <count>` (a real
  page in ../shared/corpus/google), `index <id> (repository undisclosed)` (a search-index excerpt:
  weaker, its repository is not known).
- `used_by`: tool names (and `health` for contracts only the health check counts).
- `where`: the page states in which the health check expects the contract to find something
  (`'*'`: every page of the site); an empty list means it is only reported.

Labels: `LABELS = {'en': {key: text or [texts]}}` per site; a page whose `<html lang>` the table does
not cover is refused with `unsupported_locale` (see `words_for`).
"""
from core.jsonval import kind_of, has_key, get_key, obj_keys, list_has
from core.text import fold_label

STATUSES = ['confirmed', 'partly', 'unconfirmed']
MATCHES = ['equals', 'starts', 'contains']

# Language names for the refusal message (ISO 639-1 primary subtags; others are shown as their code).
LANGUAGE_NAMES = {
    'ar': 'Arabic', 'bg': 'Bulgarian', 'ca': 'Catalan', 'cs': 'Czech', 'da': 'Danish', 'de': 'German',
    'el': 'Greek', 'en': 'English', 'es': 'Spanish', 'et': 'Estonian', 'fa': 'Persian', 'fi': 'Finnish',
    'fil': 'Filipino', 'fr': 'French', 'he': 'Hebrew', 'hi': 'Hindi', 'hr': 'Croatian', 'hu': 'Hungarian',
    'id': 'Indonesian', 'it': 'Italian', 'iw': 'Hebrew', 'ja': 'Japanese', 'ko': 'Korean', 'lt': 'Lithuanian',
    'lv': 'Latvian', 'ms': 'Malay', 'nl': 'Dutch', 'no': 'Norwegian', 'pl': 'Polish', 'pt': 'Portuguese',
    'ro': 'Romanian', 'ru': 'Russian', 'sk': 'Slovak', 'sl': 'Slovenian', 'sr': 'Serbian', 'sv': 'Swedish',
    'th': 'Thai', 'tr': 'Turkish', 'uk': 'Ukrainian', 'vi': 'Vietnamese', 'zh': 'Chinese',
}


# --- declaring ------------------------------------------------------------------------------------

def css(template):
    """A locator: elements matching the CSS (with `{key}` label placeholders)."""
    return {'css': template}


def named(template, key, match):
    """A locator: elements matching the CSS whose accessible name matches the label `key`."""
    return {'css': template, 'name': key, 'match': match}


def texted(template, key, match):
    """A locator: elements matching the CSS whose spoken text matches the label `key`."""
    return {'css': template, 'text': key, 'match': match}


def page_text(key):
    """A locator: the page's text contains one of the label's texts."""
    return {'page_text': key}


def contract(cid, locators, status, used_by, where):
    """A row of the tab's table (contracts.py): what the tab half reads of a contract."""
    return {'id': cid, 'locators': locators, 'status': status, 'used_by': used_by, 'where': where}


def evidence(cid, what, citations, note):
    """What contract `cid` is, and the evidence for it (evidence.py: the docs')."""
    return {'id': cid, 'what': what, 'evidence': citations, 'note': note}


def unconfirmed(cid, what, citations, used_by, note):
    """An unconfirmed contract (unconfirmed.py): what the worker's caveats read of it, with its evidence."""
    return {'id': cid, 'what': what, 'status': 'unconfirmed', 'evidence': citations, 'used_by': used_by, 'note': note}


def unconfirmed_contract(row, locators, where):
    """The tab's row (contracts.py) of an unconfirmed contract written in unconfirmed.py."""
    return contract(row['id'], locators, row['status'], row['used_by'], where)


def index_of(table):
    """{id: contract} for a table."""
    out = {}
    for row in table:
        out[row['id']] = row
    return out


def declare_contracts(site, unconfirmed):
    """The worker's part of a site's contracts, called by its tools.py once its tools are declared:
    the site is checked per contract by its tab half (which holds the table), and each irreversible
    tool that relies on an `unconfirmed` row (the rows of `sites/<site>/unconfirmed.py`) carries the
    caveat in its description and `tool['unconfirmed']` for the approval window. The table itself
    never reaches the service worker."""
    site['contracts_in_tab'] = True
    for tool in site['tools']:
        if tool['risk'] != 'irreversible':
            continue
        shaky = unconfirmed_for(unconfirmed, tool['name'])
        if len(shaky) == 0:
            continue
        tool['unconfirmed'] = shaky
        tool['description'] = tool['description'] + ' ' + caveat_text(shaky)
    return site


def attach_table(site, table, labels):
    """The tab's part (sites/kit/tab_locate.py `register_site`): put the whole table and the label
    table on the declared site, which the locate helpers and the health report read there
    (`selectors` becomes each contract's locator summary)."""
    site['contracts'] = table
    site['labels'] = labels
    selectors = {}
    for row in table:
        if len(get_key(row, 'locators', [])) > 0:
            selectors[row['id']] = summary(row)
    site['selectors'] = selectors
    return site


# --- what a tool relies on ------------------------------------------------------------------------

def unconfirmed_for(table, tool_name):
    """[{id, what}] of the unconfirmed contracts `tool_name` depends on, in table order."""
    out = []
    if kind_of(table) != 'array':
        return out
    for row in table:
        if get_key(row, 'status', None) == 'unconfirmed' and list_has(get_key(row, 'used_by', []), tool_name):
            out.append({'id': row['id'], 'what': row['what']})
    return out


def caveat_text(shaky):
    """The sentence a tool's description and approval window carry for its unconfirmed contracts."""
    if kind_of(shaky) != 'array' or len(shaky) == 0:
        return ''
    names = []
    for item in shaky:
        names.append(get_key(item, 'what', get_key(item, 'id', '?')))
    return ('Not confirmed on the real site (reconstructed): ' + '; '.join(names)
            + '. If the page differs the tool refuses or fails; check the result on the page.')


def preview_note(tool):
    """The approval window's section for a tool's unconfirmed contracts ('' when it has none)."""
    shaky = get_key(tool, 'unconfirmed', [])
    if kind_of(shaky) != 'array' or len(shaky) == 0:
        return ''
    names = []
    for item in shaky:
        names.append(get_key(item, 'what', get_key(item, 'id', '?')))
    return ('Not confirmed on the real site: ' + '; '.join(names) + ' (reconstructed from public descriptions, '
            'never seen in a real page). If Google\'s page differs, the tool refuses or fails: check the page.')


# --- checking a table -----------------------------------------------------------------------------

def _placeholders(template):
    """The {key} names in a CSS template, in order."""
    out = []
    if kind_of(template) != 'string':
        return out
    start = template.find('{')
    while start >= 0:
        end = template.find('}', start)
        if end < 0:
            break
        out.append(template[start + 1:end])
        start = template.find('{', end)
    return out


def label_keys(locator):
    """The label keys a locator needs."""
    keys = _placeholders(get_key(locator, 'css', None))
    for field in ['name', 'text', 'page_text']:
        key = get_key(locator, field, None)
        if kind_of(key) == 'string':
            keys.append(key)
    return keys


def table_problems(table, labels, tool_names):
    """Why the table is not well formed ([] when it is): unique ids, known statuses, evidence for
    confirmed and partly contracts, known dependents, label keys present in every language."""
    problems = []
    seen = {}
    for row in table:
        cid = get_key(row, 'id', None)
        if kind_of(cid) != 'string' or len(cid) == 0:
            problems.append('a contract without an id')
            continue
        if has_key(seen, cid):
            problems.append(cid + ': the id is used twice')
        seen[cid] = True
        if not list_has(STATUSES, get_key(row, 'status', None)):
            problems.append(cid + ': status must be one of ' + ', '.join(STATUSES))
        evidence = get_key(row, 'evidence', [])
        if row['status'] != 'unconfirmed' and (kind_of(evidence) != 'array' or len(evidence) == 0):
            problems.append(cid + ': a ' + str(row['status']) + ' contract needs evidence')
        if row['status'] == 'unconfirmed' and len(get_key(row, 'note', '')) == 0:
            problems.append(cid + ': an unconfirmed contract needs a note saying what it was reconstructed from')
        used = get_key(row, 'used_by', [])
        if kind_of(used) != 'array' or len(used) == 0:
            problems.append(cid + ': used_by is empty')
        else:
            for name in used:
                if name != 'health' and not list_has(tool_names, name):
                    problems.append(cid + ': used_by names an unknown tool ' + str(name))
        for locator in get_key(row, 'locators', []):
            match = get_key(locator, 'match', 'equals')
            if not list_has(MATCHES, match):
                problems.append(cid + ': match must be one of ' + ', '.join(MATCHES))
            for key in label_keys(locator):
                for lang in obj_keys(labels):
                    if not has_key(labels[lang], key):
                        problems.append(cid + ': label ' + key + ' is missing in ' + lang)
    return problems


# --- locale ---------------------------------------------------------------------------------------

def primary_language(lang):
    """'en' from 'en-GB' or 'EN_us'; '' for none."""
    if kind_of(lang) != 'string':
        return ''
    text = lang.strip().lower()
    for sep in ['-', '_']:
        at = text.find(sep)
        if at >= 0:
            text = text[0:at]
    return text


def language_name(code):
    primary = primary_language(code)
    if has_key(LANGUAGE_NAMES, primary):
        return LANGUAGE_NAMES[primary]
    return primary if len(primary) > 0 else '(unknown)'


def words_for(labels, lang):
    """The label table for the page's `<html lang>`: {ok: True, lang, words}, or {ok: False, lang,
    language, supported, message} when the table does not cover it. A page without a lang attribute
    is read with the first language of the table (nothing says it is another one)."""
    languages = obj_keys(labels)
    if len(languages) == 0:
        return {'ok': False, 'lang': '', 'language': '(none)', 'supported': [], 'message': 'no label table'}
    primary = primary_language(lang)
    if len(primary) == 0:
        return {'ok': True, 'lang': languages[0], 'words': labels[languages[0]]}
    if has_key(labels, primary):
        return {'ok': True, 'lang': primary, 'words': labels[primary]}
    names = [language_name(code) + ' (' + code + ')' for code in languages]
    return {'ok': False, 'lang': primary, 'language': language_name(primary), 'supported': languages,
            'message': 'the page is in ' + language_name(primary) + ' (' + str(lang) + '); Site Agent reads this '
                       'site only in ' + ', '.join(names) + ' so far. Switch the site\'s language to one of '
                       'those, or act on the page yourself'}


def texts_of(words, key):
    """A label as a list of texts ([] when the table lacks it)."""
    value = get_key(words, key, None)
    if kind_of(value) == 'string':
        return [value]
    if kind_of(value) == 'array':
        return value
    return []


def text_matches(text, texts, match):
    """True when `text` (direction marks dropped, white space folded) equals, starts with or contains
    one of `texts`. Case-sensitive, like the pages' own labels."""
    if kind_of(text) != 'string':
        return False
    folded = fold_label(text)
    for wanted in texts:
        want = fold_label(wanted)
        if len(want) == 0:
            continue
        if match == 'starts':
            if folded.startswith(want):
                return True
        elif match == 'contains':
            if folded.find(want) >= 0:
                return True
        elif folded == want:
            return True
    return False


def _css_quote(text):
    out = ''
    for ch in text:
        if ch == '"' or ch == '\\':
            out = out + '\\'
        out = out + ch
    return out


def fill_css(template, words):
    """The CSS of a locator for this language: each `{key}` replaced by its text (quoted for a CSS
    string). A key with several texts gives one alternative selector per text (the template is
    repeated, joined by ', '); only one such key per template. None when a key is missing."""
    if kind_of(template) != 'string':
        return None
    keys = _placeholders(template)
    if len(keys) == 0:
        return template
    alternatives = [template]
    for key in keys:
        texts = texts_of(words, key)
        if len(texts) == 0:
            return None
        next_round = []
        for alt in alternatives:
            for text in texts:
                next_round.append(alt.replace('{' + key + '}', _css_quote(text)))
        alternatives = next_round
    return ', '.join(alternatives)


def summary(row):
    """A contract's locators as one line (for reports): the CSS templates and label keys."""
    parts = []
    for locator in get_key(row, 'locators', []):
        if has_key(locator, 'page_text'):
            parts.append('page text {' + locator['page_text'] + '}')
            continue
        text = get_key(locator, 'css', '')
        if has_key(locator, 'name'):
            text = text + ' named {' + locator['name'] + '}'
        if has_key(locator, 'text'):
            text = text + ' reading {' + locator['text'] + '}'
        parts.append(text)
    return ' | '.join(parts)


# --- health ---------------------------------------------------------------------------------------

def expected_in(row, state):
    where = get_key(row, 'where', [])
    if kind_of(where) != 'array':
        return False
    return list_has(where, '*') or (kind_of(state) == 'string' and list_has(where, state))


def contract_report(site, reply):
    """A site's health report from its tab's answer `{state, lang, found: {id: {count, locator}}}`:
    `{adapter, ok, state, lang, selectors: [{key, selector, found, locator, status, used_by, expected}],
    broken: [ids]}`; a contract the page state expects that found nothing is broken. A reply with
    `unsupported` (the page's language) is reported as not checked (ok None)."""
    site_id = get_key(site, 'id', None)
    table = get_key(site, 'contracts', [])
    if kind_of(reply) != 'object':
        reply = {}
    state = get_key(reply, 'state', None)
    found = get_key(reply, 'found', {})
    if kind_of(found) != 'object':
        found = {}
    rows = []
    broken = []
    for row in table:
        if len(get_key(row, 'locators', [])) == 0:
            continue
        got = get_key(found, row['id'], {})
        count = get_key(got, 'count', 0)
        if kind_of(count) != 'number' or count - count != 0 or count < 0:
            count = 0
        expected = expected_in(row, state)
        rows.append({'key': row['id'], 'selector': summary(row), 'found': count,
                     'locator': get_key(got, 'locator', None), 'status': row['status'], 'used_by': row['used_by'],
                     'expected': expected})
        if expected and count == 0:
            broken.append(row['id'])
    out = {'adapter': site_id, 'ok': len(broken) == 0, 'state': state, 'lang': get_key(reply, 'lang', None),
           'selectors': rows, 'broken': broken}
    unsupported = get_key(reply, 'unsupported', None)
    if unsupported is not None:
        out['ok'] = None
        out['note'] = unsupported
    return out
