"""Gmail's page contracts and labels: everything the Gmail adapter reads, with its evidence.

Captures are the real Gmail pages in ../shared/corpus/google/gmail/ (InboxSDK's test pages, MIT or
Apache-2.0: a December 2014 inbox list and three 2014-2015 rows); no later Gmail page is public, so
the thread view and compose rest on public code that drives the real site (gmail.js, InboxSDK,
gmail2trello). Citations: `owner/repo@commit:path#Lline`; "index N" is a search-index excerpt whose
repository is undisclosed (weaker). How the table is used: core/contracts.py.
"""
from core.contracts import contract, css, named
# The unconfirmed rows, each put in TABLE at its place.
from sites.gmail.unconfirmed import LABELS_MENU, LABELS_MENU_ITEMS, DISCARD_CONTROL

CONFIRMED = 'confirmed'
PARTLY = 'partly'

GMAILJS = 'KartikTalwar/gmail.js@b7dfdabc1906:src/gmail.js'
SDK = 'InboxSDK/InboxSDK@a8a6fe2c9e69:src/'
SDK_GETTER = SDK + 'platform-implementation-js/dom-driver/gmail/gmail-element-getter.ts'
SDK_ROW = SDK + 'platform-implementation-js/dom-driver/gmail/views/gmail-thread-row-view.ts'
SDK_ROW_PARSER = SDK + 'injected-js/gmail/thread-identifier/thread-row-parser.ts'
SDK_COMPOSE = SDK + 'platform-implementation-js/dom-driver/gmail/views/gmail-compose-view.ts'
SDK_COMPOSE_PARSER = SDK + 'platform-implementation-js/dom-driver/gmail/views/gmail-compose-view/page-parser.ts'
SDK_RECIPIENTS = SDK + 'platform-implementation-js/dom-driver/gmail/views/gmail-compose-view/get-recipients.ts'
G2T = 'appliedmedia/gmail2trello@4a5ddab4c0f8:chrome_manifest_v3/views/class_gmailView.js'
SAVED_CALENDAR = 'halozone/ServantAir-PWA@6cba036b4e09:reference_code/googlecalendar.js#L4868'
INBOX = 'capture gmail/inbox-2014.html'
ROWS = 'capture gmail/thread-rows.html'

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
    contract('main', 'the main area (div[role=main])', [css('div[role="main"]')], CONFIRMED,
             [GMAILJS + '#L316', INBOX + ': 1'], ['gmail_status', 'gmail_list_threads', 'gmail_search'], ['*'], ''),
    contract('navigation', 'the left navigation (div[role=navigation])', [css('div[role="navigation"]')], CONFIRMED,
             [GMAILJS + '#L595'], ['gmail_list_labels'], ['list', 'thread'], 'the 2014 capture predates the role'),
    contract('search_box', 'the search box (form[role=search] input)',
             [css('form[role="search"] input[name="q"]'), css('form[role="search"] input')], PARTLY,
             [SDK_GETTER + '#L311', 'index 52215251786 (repository undisclosed)'], ['health'], ['list', 'thread'],
             'InboxSDK reads form[role=search] input; name=q is from one excerpt'),
    contract('compose_button', 'the Compose button ([gh=cm]; with the Chat/Meet rail: .aIH .aic div[role=button].L3)',
             [css('[gh="cm"]'), css('.aIH .aic div[role="button"].L3')], PARTLY,
             [SDK_GETTER + '#L108', SDK_GETTER + '#L110',
              SDK + 'platform-implementation-js/dom-driver/gmail/gmail-driver/isIntegratedViewGmail.ts#L6',
              GMAILJS + '#L4520'], ['health'], ['list', 'thread'],
             'InboxSDK picks the rail form when Chat or Meet is on (the default since 2022); compose itself opens by URL'),
    contract('account', 'the account control ("Google Account: Name (email)")',
             [css('a[aria-label^="{google_account}"]'), css('a[href^="https://accounts.google.com/SignOutOptions"]')],
             PARTLY, [SAVED_CALENDAR], ['gmail_status'], ['*'],
             'seen on a saved Calendar page (same Google bar; no licence: cited, never copied); no Gmail capture has it'),
    # --- the thread list ---
    contract('list_container', 'the thread list container ([gh=tl])', [css('[gh="tl"]')], CONFIRMED,
             [SDK_GETTER + '#L298', SDK + 'platform-implementation-js/dom-driver/gmail/views/gmail-route-view/page-parser.ts#L30',
              INBOX + ': 1'], LIST_TOOLS, ['list'], 'an empty result still has it'),
    contract('thread_list_grid', 'table[role=grid] in the main area', [css('div[role="main"] table[role="grid"]')],
             PARTLY, [GMAILJS + '#L3954', 'index 14190237228 (repository undisclosed)', INBOX + ': 0'], ['health'], [],
             'neither gmail.js nor InboxSDK uses the role, the 2014 list has none: reported only, never a gate'),
    contract('thread_row', 'a thread row (tr.zA in the main area)', [css('div[role="main"] tr.zA')], CONFIRMED,
             [GMAILJS + '#L3954', INBOX + ': 16'], LIST_TOOLS, [], 'gmail.js adds [role=row] (2026); the 2014 rows lack it'),
    contract('row_thread_id', 'a row\'s thread id ([data-legacy-thread-id], else [data-thread-id] "#thread-f:<decimal>")',
             [css('[data-legacy-thread-id]'), css('[data-thread-id]')], PARTLY,
             [SDK_ROW + '#L1170', GMAILJS + '#L3959', INBOX + ': 0'], LIST_TOOLS, [],
             'the 2014 rows carry no id attribute (InboxSDK read it from page data then)'),
    contract('row_sender', 'a row\'s senders (.yW span[email][name])', [css('.yW span[email]')], CONFIRMED,
             [SDK_ROW_PARSER + '#L56', INBOX + ': 16', ROWS + ': 3'], LIST_TOOLS, [], ''),
    contract('row_subject', 'a row\'s subject (.bog, else the first span of div.y6)',
             [css('.bog'), css('div.y6 > span:first-child')], PARTLY,
             [SDK_ROW + '#L1139', SDK_ROW_PARSER + '#L42', 'index 25079442582 (repository undisclosed)', INBOX + ': 16 (.y6)'],
             LIST_TOOLS, [], '.bog is read by many extensions for newer Gmail; the 2014 rows have .y6 > span only'),
    contract('row_snippet', 'a row\'s snippet (.y2)', [css('.y2')], CONFIRMED, [INBOX + ': 14', ROWS + ': 2'], LIST_TOOLS, [], ''),
    contract('row_date', 'a row\'s date (td.xW span[title])', [css('td.xW span[title]')], CONFIRMED,
             [SDK_ROW_PARSER + '#L46', INBOX + ': 16'], LIST_TOOLS, [], ''),
    contract('row_star', 'a row\'s star (.T-KT; starred: .T-KT-Jp or aria-label "Starred")', [css('.T-KT')], PARTLY,
             [INBOX + ': 16 ("Not starred")', ROWS + ': 3'], LIST_TOOLS, [], 'no starred row was captured'),
    contract('row_unread', 'an unread row (tr.zA.zE; read: .yO)', [css('div[role="main"] tr.zA.zE')], CONFIRMED,
             [INBOX + ': 13'], LIST_TOOLS, [], ''),
    contract('nav_label_links', 'a user label in the navigation (a[href*="#label/"], its title)',
             [css('div[role="navigation"] a[href*="#label/"]')], PARTLY, [GMAILJS + '#L595'], ['gmail_list_labels'], [],
             'gmail.js lists navigation links by [title]; the #label/ route is from the hash routes'),
    # --- the open thread ---
    contract('thread_subject', 'the open thread\'s subject (h2.hP, the visible one)', [css('h2.hP')], CONFIRMED,
             [GMAILJS + '#L4504', G2T + '#L492'], THREAD_TOOLS, ['thread'], ''),
    contract('thread_id_attr', 'the open thread\'s id (data-legacy-thread-id on h2.hP)', [css('h2.hP[data-legacy-thread-id]')],
             CONFIRMED, [GMAILJS + '#L513', SDK + 'platform-implementation-js/dom-driver/gmail/views/gmail-thread-view.ts#L553',
                         G2T + '#L496'], ['gmail_delete_thread', 'gmail_open_thread'], [], ''),
    contract('message', 'a message of the thread (div.adn)', [css('div.adn')], CONFIRMED, [GMAILJS + '#L4503'],
             ['gmail_read_thread', 'gmail_open_thread', 'gmail_delete_thread'], ['thread'], ''),
    contract('message_id_attr', 'a message\'s id (data-legacy-message-id)', [], CONFIRMED, [GMAILJS + '#L4295'],
             ['gmail_read_thread'], [], ''),
    contract('message_sender', 'a message\'s sender (span.gD[email])', [css('span.gD[email]')], CONFIRMED,
             [GMAILJS + '#L4460'], ['gmail_read_thread', 'gmail_delete_thread'], [], ''),
    contract('message_to', 'a message\'s recipients (span.g2[email])', [css('span.g2[email]')], CONFIRMED,
             [GMAILJS + '#L4461'], ['gmail_read_thread', 'gmail_delete_thread'], [], ''),
    contract('message_details', 'a message\'s details table (table.ajC rows "to:" / "cc:")', [css('table.ajC tr')],
             PARTLY, [SDK + 'platform-implementation-js/dom-driver/gmail/views/gmail-message-view/get-updated-contact.ts#L70'],
             ['gmail_read_thread', 'gmail_delete_thread'], [], 'InboxSDK reads the table; the row words are English'),
    contract('message_date', 'a message\'s date (span.g3, its title)', [css('span.g3')], CONFIRMED,
             [GMAILJS + '#L4463', SDK + 'platform-implementation-js/dom-driver/gmail/views/gmail-message-view.ts#L294'],
             ['gmail_read_thread'], [], ''),
    contract('message_body', 'a message\'s body (div.a3s)', [css('div.a3s')], CONFIRMED, [GMAILJS + '#L4459'],
             ['gmail_read_thread', 'gmail_delete_thread'], [], ''),
    contract('reply_links', 'the Reply / Reply all controls (span.ams[role=link])', [css('span.ams[role="link"]')],
             PARTLY, ['index 58510024188 (repository undisclosed)', 'index 70905647059 (repository undisclosed)'],
             ['gmail_reply_draft'], [], ''),
    contract('toolbar_controls', 'the thread toolbar\'s Archive / Delete / Mark as unread / Mark as read / Labels (by label)',
             [css('[role="button"], button')], PARTLY,
             [SDK + 'platform-implementation-js/dom-driver/gmail/views/gmail-toolbar-view.ts#L417', G2T + '#L321',
              'index 55832453561 (repository undisclosed)'],
             ['gmail_archive_thread', 'gmail_delete_thread', 'gmail_mark_thread', 'gmail_label_thread'], [], ''),
    contract('thread_star', 'the open thread\'s star ([aria-label="Starred"] / [aria-label="Not starred"])',
             [css('div[role="main"] [aria-label="{starred}"], div[role="main"] [aria-label="{not_starred}"]')], PARTLY,
             [INBOX + ': 16 ("Not starred")'], ['gmail_mark_thread'], [], '"Starred" never captured'),
    LABELS_MENU,
    LABELS_MENU_ITEMS,
    # --- drafts ---
    contract('compose_root', 'a draft\'s root (div.M9, else the dialog or form around Send)',
             [css('div.M9'), css('div[role="dialog"]'), css('form')], PARTLY, [GMAILJS + '#L3978'], DRAFT_TOOLS, [], ''),
    contract('recipient_rows', 'the 2021+ recipient rows (.anm[name=to|cc|bcc])', [css('.anm[name]')], CONFIRMED,
             [SDK_COMPOSE_PARSER + '#L219', GMAILJS + '#L312'], DRAFT_TOOLS, [],
             'a draft whose To row is neither this nor the classic field cannot be sent: its recipients are unknown'),
    contract('recipient_input', 'text typed in a recipient row, not yet a chip (.anm[name] input)', [css('.anm[name] input')],
             PARTLY, [GMAILJS + '#L4270'], DRAFT_TOOLS, [], 'gmail.js fills "div[name=to] input"'),
    contract('recipient_chips', 'the 2021+ recipient chips (.anm[name=to|cc|bcc] [role=option][data-hovercard-id])',
             [css('.anm[name] [role="option"][data-hovercard-id]')], CONFIRMED,
             [SDK_COMPOSE_PARSER + '#L219', SDK_RECIPIENTS + '#L24', GMAILJS + '#L4082'], DRAFT_TOOLS, [], ''),
    contract('classic_chips', 'the classic recipient chips (.vR > input[type=hidden], value "Name <addr>")',
             [css('.vR > input[type="hidden"]')], PARTLY, [SDK_COMPOSE_PARSER + '#L214', GMAILJS + '#L4086'],
             DRAFT_TOOLS, [], 'the classic compose only; .vR [email] has no source'),
    contract('classic_recipient_field', 'the classic recipient fields (textarea/input[name=to|cc|bcc])',
             [css('textarea[name="to"], input[name="to"]')], CONFIRMED,
             [GMAILJS + '#L4248', SDK_COMPOSE_PARSER + '#L92'], DRAFT_TOOLS, [], ''),
    contract('subject_input', 'a draft\'s subject (input[name=subjectbox])', [css('input[name="subjectbox"]')], CONFIRMED,
             [GMAILJS + '#L4255', SDK_COMPOSE + '#L627'], DRAFT_TOOLS, [], ''),
    contract('body_editor', 'a draft\'s body (div[role=textbox][aria-label="Message Body"], else .Ap [g_editable])',
             [css('div[role="textbox"][aria-label="{message_body}"]'), css('.Ap [g_editable="true"]')], PARTLY,
             [SDK_COMPOSE + '#L1096', GMAILJS + '#L4257', 'index 56928278677 (repository undisclosed)'],
             ['gmail_send_draft', 'gmail_reply_draft', 'gmail_compose_draft'], [], ''),
    contract('send_control', 'the Send control (role=button named "Send (Ctrl-Enter)", bidi marks stripped)',
             [named('[role="button"], button', 'send', 'equals')], PARTLY,
             [SDK_COMPOSE + '#L1235', 'index 34501103245 (repository undisclosed)'], DRAFT_TOOLS, [],
             'InboxSDK also finds it structurally (.IZ .Up div > div[role=button]); the label is the check here'),
    DISCARD_CONTROL,
    contract('sent_toast', 'the "Message sent" toast (span.bAq)', [css('span.bAq')], CONFIRMED,
             [SDK + 'platform-implementation-js/dom-driver/gmail/gmail-butter-bar-driver.ts#L27'], ['gmail_send_draft'], [],
             'the send is verified by it'),
    # --- addresses ---
    contract('compose_url', 'the compose URL https://mail.google.com/mail/?view=cm&fs=1&to=&cc=&bcc=&su=&body=', [],
             CONFIRMED, ['index 23608732459 (repository undisclosed)', 'index 35237060014 (repository undisclosed)'],
             ['gmail_compose_draft'], [], 'two excerpts, repositories undisclosed'),
    contract('hash_routes', 'hash routes #inbox, #search/<q>, #label/<l>, #<folder>/<id>; thread-f:<decimal> is hex', [],
             PARTLY, [G2T + '#L496', GMAILJS + '#L3958'], ['gmail_search', 'gmail_open_thread', 'gmail_status'], [], ''),
]
