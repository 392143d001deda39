"""Finding a site's contracts in its page (content.js): an adapter reads the page only through its
site's contract table (core/contracts.py), with the labels of the page's language.

    found = locate(SITE, 'leave_button', None)        # the first visible match, or None
    rows = locate_all(SITE, 'participants_list', panel)

A locator list is tried in order; the first locator that finds anything wins. A page whose language
the site's label table does not cover raises `unsupported_locale` (the site's tools never guess).
"""
from core.contracts import words_for, fill_css, texts_of, text_matches, attach_table, contract_report
from core.jsonval import has_key
from core.outcome import ToolError
from core.reasons import UNSUPPORTED_LOCALE, ADAPTER_ERROR
from webapi.dom import find_all, is_visible, is_rendered, name_of, spoken_text, page_text, page_lang

SITES = {}          # site id -> {site, state: () -> page state or None}


def register_site(site, table, labels, state):
    """A site's tab half registers its declared site with its contract table and label table (its
    contracts.py: only content.js carries them) and a function that says which state its page is in
    (for the health check; None: unknown)."""
    attach_table(site, table, labels)
    SITES[site['id']] = {'site': site, 'state': state}


def locale_problem(site):
    """The unsupported_locale ToolError for the page, or None when its language is covered."""
    if not has_key(site, 'labels'):
        return None
    got = words_for(site['labels'], page_lang())
    if got['ok']:
        return None
    return ToolError(UNSUPPORTED_LOCALE, site['id'] + ': ' + got['message'],
                     {'lang': got['lang'], 'language': got['language'], 'supported': got['supported']})


def page_words(site):
    """The site's labels for the page's language; raises unsupported_locale."""
    got = words_for(site['labels'], page_lang())
    if not got['ok']:
        raise locale_problem(site)
    return got['words']


def words(site, key):
    """A label's texts in the page's language (a list)."""
    return texts_of(page_words(site), key)


def word(site, key):
    """A label's first text in the page's language ('' when missing)."""
    texts = words(site, key)
    return texts[0] if len(texts) > 0 else ''


def contract_of(site, cid):
    for row in site['contracts']:
        if row['id'] == cid:
            return row
    raise ToolError(ADAPTER_ERROR, site['id'] + ' has no page contract named ' + cid, None)


def _by_locator(root, locator, table):
    if has_key(locator, 'page_text'):
        return []
    selector = fill_css(locator['css'], table)
    if selector == None:
        return []
    found = find_all(root, selector)
    mode = locator['match'] if has_key(locator, 'match') else 'equals'
    if has_key(locator, 'name'):
        texts = texts_of(table, locator['name'])
        found = [e for e in found if text_matches(name_of(e), texts, mode)]
    if has_key(locator, 'text'):
        texts = texts_of(table, locator['text'])
        found = [e for e in found if text_matches(spoken_text(e), texts, mode)]
    return found


def locate_all(site, cid, root):
    """Every element the contract's first successful locator finds under root (None: the page)."""
    table = page_words(site)
    for locator in contract_of(site, cid)['locators']:
        found = _by_locator(root, locator, table)
        if len(found) > 0:
            return found
    return []


def locate(site, cid, root):
    """The first visible element of the contract (locators in order), or None."""
    table = page_words(site)
    for locator in contract_of(site, cid)['locators']:
        for element in _by_locator(root, locator, table):
            if is_visible(element):
                return element
    return None


def locate_any(site, cid, root):
    """The first element of the contract, visible or not, or None."""
    found = locate_all(site, cid, root)
    return found[0] if len(found) > 0 else None


def shows_text(site, cid):
    """True when the page's text contains one of the texts of the contract's page_text locators."""
    table = page_words(site)
    text = page_text()
    for locator in contract_of(site, cid)['locators']:
        if has_key(locator, 'page_text'):
            if text_matches_inside(text, texts_of(table, locator['page_text'])):
                return True
    return False


def present(site, cid, root):
    """The first rendered element of the contract (a zero-size box counts), or None."""
    table = page_words(site)
    for locator in contract_of(site, cid)['locators']:
        for element in _by_locator(root, locator, table):
            if is_rendered(element):
                return element
    return None


def seen(site, cid):
    """The contract shows on the page: one of its page texts, or a visible element."""
    return shows_text(site, cid) or locate(site, cid, None) != None


def text_matches_inside(text, texts):
    for wanted in texts:
        if len(wanted) > 0 and text.find(wanted) >= 0:
            return True
    return False


def _count(site, row, table):
    """{count, locator}: how many elements the first successful locator finds (page text: 0 or 1)."""
    index = 0
    for locator in row['locators']:
        if has_key(locator, 'page_text'):
            if text_matches_inside(page_text(), texts_of(table, locator['page_text'])):
                return {'count': 1, 'locator': index}
        else:
            found = _by_locator(None, locator, table)
            if len(found) > 0:
                return {'count': len(found), 'locator': index}
        index += 1
    return {'count': 0, 'locator': None}


def site_health(site_id):
    """The health check's answer for a registered site: its finished report (core/contracts.py
    `contract_report`, from {state, lang, found: {id: {count, locator}}}, or from {unsupported: message}
    on a page in an uncovered language); None for an unknown site. The worker adds the tab and URL."""
    if not has_key(SITES, site_id):
        return None
    return contract_report(SITES[site_id]['site'], _health_reply(SITES[site_id]))


def _health_reply(entry):
    site = entry['site']
    got = words_for(site['labels'], page_lang())
    if not got['ok']:
        return {'unsupported': got['message'], 'lang': got['lang']}
    found = {}
    for row in site['contracts']:
        if len(row['locators']) > 0:
            found[row['id']] = _count(site, row, got['words'])
    state = None
    try:
        state = entry['state']()
    except ToolError:
        state = None
    return {'state': state, 'lang': got['lang'], 'found': found}
