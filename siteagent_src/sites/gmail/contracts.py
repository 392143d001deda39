"""Gmail's page contracts as its tab half reads them: every selector, attribute, label and
text format the adapter relies on (`TABLE`: id, locators, status, the tools that use it, the page
states where the health check expects it) and the labels per language (`LABELS`). What each
contract is and the evidence for it: sites/gmail/evidence.py (the docs'; never bundled). The
unconfirmed contracts are written in sites/gmail/unconfirmed.py, because the service worker needs
them too (the caveats of irreversible tools), and put here at their place with their locators. How the table is
used: core/contracts.py.
"""
from core.contracts import contract, unconfirmed_contract, css, named
# The unconfirmed contracts, each put in TABLE at its place with its locators.
from sites.gmail.unconfirmed import LABELS_MENU, LABELS_MENU_ITEMS, DISCARD_CONTROL

CONFIRMED = 'confirmed'
PARTLY = 'partly'

LIST_TOOLS = ['gmail_list_threads', 'gmail_search']
THREAD_TOOLS = ['gmail_open_thread', 'gmail_read_thread', 'gmail_archive_thread', 'gmail_mark_thread',
                'gmail_label_thread', 'gmail_delete_thread', 'gmail_reply_draft']
DRAFT_TOOLS = ['gmail_compose_draft', 'gmail_send_draft', 'gmail_status']

LABELS = {'en': {
    'google_account': 'Google Account',
    'send': ['Send', 'Send (Ctrl-Enter)', 'Send (\u2318Enter)', 'Send (\u2318-Enter)'],
    'discard': ['Discard draft', 'Discard draft (Ctrl-Shift-D)', 'Discard draft (\u2318\u21e7D)'],
    'reply': 'Reply',
    'reply_all': 'Reply all',
    'archive': 'Archive',
    'delete': 'Delete',
    'mark_unread': 'Mark as unread',
    'mark_read': 'Mark as read',
    'labels': 'Labels',
    'apply': 'Apply',
    'starred': 'Starred',
    'not_starred': 'Not starred',
    'message_body': 'Message Body',
    'to_key': 'to:',
    'cc_key': 'cc:',
}}

TABLE = [
    # --- the page ---
    contract('main', [css('div[role="main"]')],
             CONFIRMED, ['gmail_status', 'gmail_list_threads', 'gmail_search'], ['*']),
    contract('navigation', [css('div[role="navigation"]')], CONFIRMED, ['gmail_list_labels'], ['list', 'thread']),
    contract('search_box', [css('form[role="search"] input[name="q"]'), css('form[role="search"] input')],
             PARTLY, ['health'], ['list', 'thread']),
    contract('compose_button', [css('[gh="cm"]'), css('.aIH .aic div[role="button"].L3')],
             PARTLY, ['health'], ['list', 'thread']),
    contract('account', [css('a[aria-label^="{google_account}"]'), css('a[href^="https://accounts.google.com/SignOutOptions"]')],
             PARTLY, ['gmail_status'], ['*']),
    # --- the thread list ---
    contract('list_container', [css('[gh="tl"]')], CONFIRMED, LIST_TOOLS, ['list']),
    contract('thread_list_grid', [css('div[role="main"] table[role="grid"]')], PARTLY, ['health'], []),
    contract('thread_row', [css('div[role="main"] tr.zA')], CONFIRMED, LIST_TOOLS, []),
    contract('row_thread_id', [css('[data-legacy-thread-id]'), css('[data-thread-id]')], PARTLY, LIST_TOOLS, []),
    contract('row_sender', [css('.yW span[email]')], CONFIRMED, LIST_TOOLS, []),
    contract('row_subject', [css('.bog'), css('div.y6 > span:first-child')], PARTLY, LIST_TOOLS, []),
    contract('row_snippet', [css('.y2')], CONFIRMED, LIST_TOOLS, []),
    contract('row_date', [css('td.xW span[title]')], CONFIRMED, LIST_TOOLS, []),
    contract('row_star', [css('.T-KT')], PARTLY, LIST_TOOLS, []),
    contract('row_unread', [css('div[role="main"] tr.zA.zE')], CONFIRMED, LIST_TOOLS, []),
    contract('nav_label_links', [css('div[role="navigation"] a[href*="#label/"]')], PARTLY, ['gmail_list_labels'], []),
    # --- the open thread ---
    contract('thread_subject', [css('h2.hP')], CONFIRMED, THREAD_TOOLS, ['thread']),
    contract('thread_id_attr', [css('h2.hP[data-legacy-thread-id]')],
             CONFIRMED, ['gmail_delete_thread', 'gmail_open_thread'], []),
    contract('message', [css('div.adn')],
             CONFIRMED, ['gmail_read_thread', 'gmail_open_thread', 'gmail_delete_thread'], ['thread']),
    contract('message_id_attr', [], CONFIRMED, ['gmail_read_thread'], []),
    contract('message_sender', [css('span.gD[email]')], CONFIRMED, ['gmail_read_thread', 'gmail_delete_thread'], []),
    contract('message_to', [css('span.g2[email]')], CONFIRMED, ['gmail_read_thread', 'gmail_delete_thread'], []),
    contract('message_details', [css('table.ajC tr')], PARTLY, ['gmail_read_thread', 'gmail_delete_thread'], []),
    contract('message_date', [css('span.g3')], CONFIRMED, ['gmail_read_thread'], []),
    contract('message_body', [css('div.a3s')], CONFIRMED, ['gmail_read_thread', 'gmail_delete_thread'], []),
    contract('reply_links', [css('span.ams[role="link"]')], PARTLY, ['gmail_reply_draft'], []),
    contract('toolbar_controls', [css('[role="button"], button')],
             PARTLY, ['gmail_archive_thread', 'gmail_delete_thread', 'gmail_mark_thread', 'gmail_label_thread'], []),
    contract('thread_star', [css('div[role="main"] [aria-label="{starred}"], div[role="main"] [aria-label="{not_starred}"]')],
             PARTLY, ['gmail_mark_thread'], []),
    unconfirmed_contract(LABELS_MENU, [css('[role="menu"]')], []),
    unconfirmed_contract(LABELS_MENU_ITEMS, [css('[role="menu"] [role="menuitemcheckbox"]'), css('[role="menu"] [role="menuitem"]')], []),
    # --- drafts ---
    contract('compose_root', [css('div.M9'), css('div[role="dialog"]'), css('form')], PARTLY, DRAFT_TOOLS, []),
    contract('recipient_rows', [css('.anm[name]')], CONFIRMED, DRAFT_TOOLS, []),
    contract('recipient_input', [css('.anm[name] input')], PARTLY, DRAFT_TOOLS, []),
    contract('recipient_chips', [css('.anm[name] [role="option"][data-hovercard-id]')], CONFIRMED, DRAFT_TOOLS, []),
    contract('classic_chips', [css('.vR > input[type="hidden"]')], PARTLY, DRAFT_TOOLS, []),
    contract('classic_recipient_field', [css('textarea[name="to"], input[name="to"]')], CONFIRMED, DRAFT_TOOLS, []),
    contract('subject_input', [css('input[name="subjectbox"]')], CONFIRMED, DRAFT_TOOLS, []),
    contract('body_editor', [css('div[role="textbox"][aria-label="{message_body}"]'), css('.Ap [g_editable="true"]')],
             PARTLY, ['gmail_send_draft', 'gmail_reply_draft', 'gmail_compose_draft'], []),
    contract('send_control', [named('[role="button"], button', 'send', 'equals')], PARTLY, DRAFT_TOOLS, []),
    unconfirmed_contract(DISCARD_CONTROL, [named('[role="button"], button', 'discard', 'equals')], []),
    contract('sent_toast', [css('span.bAq')], CONFIRMED, ['gmail_send_draft'], []),
    # --- addresses ---
    contract('compose_url', [], CONFIRMED, ['gmail_compose_draft'], []),
    contract('hash_routes', [], PARTLY, ['gmail_search', 'gmail_open_thread', 'gmail_status'], []),
]
